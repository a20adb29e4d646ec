import type { Db } from '../../../db/client';
import type { ProviderAdapter } from '../kit/adapter';
import { storedCredentials } from '../kit/key-connect';
import type { IntegrationRow } from '../kit/repository';
import { recordSuiteVerdicts } from '../kit/suite-verdicts';
import { openAwsAccount } from './aws-account';
import { AwsApiError } from './aws-api-error';
import { awsKeyOf } from './aws-key';
import type { AwsSessionOptions } from './aws-session';
import { trails } from './cloudtrail';
import { parseCredentialReport } from './credential-report';
import { accountSummary, credentialReport, type ReportPolling, userNames } from './iam';
import { publicAccessBlock } from './s3-control';
import { awsVerdicts, type StoredAwsFacts } from './verdicts';

const NEEDS_AUDIT =
  'The IAM user (or the role it assumes) needs the AWS-managed SecurityAudit policy.';

export const AWS_FAILURE: ProviderAdapter['failures'] = {
  invalid_token:
    'AWS no longer accepts the access key Castellan was given: it was deactivated, deleted or replaced. Connect AWS again with a current key.',
  permission_missing: `AWS refused to show part of the account's security settings. ${NEEDS_AUDIT}`,
  rate_limited: 'AWS asked us to slow down; the sync will try again shortly.',
  unavailable: 'AWS did not answer in time; the sync will try again shortly.',
  failed: 'AWS answered in a way Castellan did not understand; the sync will try again later.',
};

/** Records AWS's verdicts from the last sync's facts. */
export async function judgeAws(db: Db, row: IntegrationRow): Promise<void> {
  if (!row.facts || !row.lastScan) return;
  const facts = row.facts as StoredAwsFacts;
  await recordSuiteVerdicts(db, row, 'aws', awsVerdicts(facts), facts.users.length);
}

export type AwsReadOptions = AwsSessionOptions & { report?: ReportPolling };

/** Reads the account's security settings with the stored key; `options` for tests. */
export async function readAwsAccount(
  ctx: Parameters<ProviderAdapter['read']>[0],
  input: Parameters<ProviderAdapter['read']>[1],
  options: AwsReadOptions = {},
): Promise<StoredAwsFacts> {
  const { tokens, organization, now, signal } = input;
  const key = awsKeyOf(storedCredentials(tokens));
  if (typeof key === 'string') {
    throw new AwsApiError('invalid_token', `the stored AWS key is not usable: ${key}`, null);
  }
  const session = { organizationId: organization.id, ...options };
  const { session: aws, accountId } = await openAwsAccount(ctx.config, key, session, signal);
  const summary = await accountSummary(aws, signal);
  const report = await credentialReport(aws, options.report, signal);
  const live = new Set(await userNames(aws, 100, signal));
  return {
    accountId,
    root: {
      mfaActive: summary.get('AccountMFAEnabled') === 1,
      accessKeysPresent: summary.get('AccountAccessKeysPresent') === 1,
    },
    // The report may be up to four hours old: users deleted since are left out.
    users: parseCredentialReport(report.csv).users.filter((u) => live.has(u.name)),
    trails: await trails(aws, signal),
    publicAccessBlock: await publicAccessBlock(aws, accountId, signal),
    reportGeneratedAt: report.generatedAt,
    readAt: now.toISOString(),
  };
}

export const readAws: ProviderAdapter['read'] = (ctx, input) => readAwsAccount(ctx, input);
