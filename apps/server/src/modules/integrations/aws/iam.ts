// IAM reads (reference §4.5): the account summary (root MFA and keys), the credential report, and
// the user names as they are now (the report may be up to four hours old).
import { setTimeout as sleep } from 'node:timers/promises';
import { AwsApiError, isAwsCode } from './aws-api-error';
import type { AwsSession } from './aws-session';
import { unexpected } from './aws-session';
import { at, members, textAt } from './xml';

/** The account summary's numbers by key (`AccountMFAEnabled`, `AccountAccessKeysPresent`…). */
export async function accountSummary(
  session: AwsSession,
  signal?: AbortSignal,
): Promise<Map<string, number>> {
  const result = await session.query('iam', 'GetAccountSummary', {}, signal);
  const map = at(result, 'SummaryMap');
  if (!map) throw unexpected('AWS IAM GetAccountSummary', 'no SummaryMap');
  const summary = new Map<string, number>();
  for (const entry of map.children.filter((c) => c.name === 'entry')) {
    const key = textAt(entry, 'key');
    const value = Number(textAt(entry, 'value'));
    if (key && Number.isFinite(value)) summary.set(key, value);
  }
  return summary;
}

export type ReportPolling = {
  /** Between two tries while AWS builds the report; default 1 s. */
  pollMs?: number;
  /** How long to wait for it in all before the sync gives up for now; default 30 s. */
  maxWaitMs?: number;
};

/**
 * The credential report's CSV and when AWS made it. Asks for a new one first (AWS makes one at
 * most every four hours and otherwise keeps the last), then reads it: a report being made answers
 * 404 ReportInProgress (tried again shortly), a missing or expired one 410 (asked for again).
 */
export async function credentialReport(
  session: AwsSession,
  polling: ReportPolling = {},
  signal?: AbortSignal,
): Promise<{ csv: string; generatedAt: string }> {
  const pollMs = polling.pollMs ?? 1_000;
  const deadline = Date.now() + (polling.maxWaitMs ?? 30_000);
  await session.query('iam', 'GenerateCredentialReport', {}, signal);
  let regenerated = false;
  for (;;) {
    try {
      const result = await session.query('iam', 'GetCredentialReport', {}, signal);
      const content = textAt(result, 'Content');
      if (!content) throw unexpected('AWS IAM GetCredentialReport', 'no Content');
      const generated = textAt(result, 'GeneratedTime');
      return {
        csv: Buffer.from(content, 'base64').toString('utf8'),
        generatedAt:
          generated && !Number.isNaN(Date.parse(generated))
            ? new Date(generated).toISOString()
            : new Date().toISOString(),
      };
    } catch (err) {
      if (isAwsCode(err, 'ReportNotPresent', 'ReportExpired') && !regenerated) {
        regenerated = true;
        await session.query('iam', 'GenerateCredentialReport', {}, signal);
      } else if (!isAwsCode(err, 'ReportInProgress', 'ReportNotPresent')) {
        throw err;
      }
      if (Date.now() + pollMs > deadline) {
        throw new AwsApiError(
          'unavailable',
          'AWS IAM GetCredentialReport: the report is still being made',
          err instanceof AwsApiError ? err.httpStatus : null,
          err instanceof AwsApiError ? err.code : null,
        );
      }
      await sleep(pollMs, undefined, signal ? { signal } : undefined);
    }
  }
}

const MAX_PAGES = 1_000;

/** The names of every IAM user, following IsTruncated/Marker. */
export async function userNames(
  session: AwsSession,
  pageSize = 100,
  signal?: AbortSignal,
): Promise<string[]> {
  const names: string[] = [];
  const seen = new Set<string>();
  let marker: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const result = await session.query(
      'iam',
      'ListUsers',
      { MaxItems: String(pageSize), Marker: marker },
      signal,
    );
    for (const user of members(at(result, 'Users'))) {
      const name = textAt(user, 'UserName');
      if (name) names.push(name);
    }
    if (textAt(result, 'IsTruncated') !== 'true') return names;
    marker = textAt(result, 'Marker') ?? undefined;
    if (!marker || seen.has(marker)) {
      throw unexpected('AWS IAM ListUsers', 'a truncated page without a new Marker');
    }
    seen.add(marker);
  }
  throw unexpected('AWS IAM ListUsers', `more than ${MAX_PAGES} pages`);
}
