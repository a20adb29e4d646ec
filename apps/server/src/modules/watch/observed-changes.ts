// What changed in the facts two scans saw (`report.observed`): DNS records, the website's
// security headers and its certificate. Each change names the scanner checks it explains, so
// that `changesBetween` can fold a check's move into the one change that caused it.
import { createHash } from 'node:crypto';
import { OBSERVED_HEADERS, type ScanObserved } from '@castellan/contract';
import { CHECKS, type CheckId } from '@castellan/scanner';
import { dmarcMove } from './dmarc-policy';
import type { ChangeDirection, ScanChange } from './scan-changes';

export type ObservedChange = ScanChange & {
  /** The checks whose verdicts this change explains. */
  checks: readonly CheckId[];
};

/** A short, stable digest of a state, for change keys. */
const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);

const taskOf = (checks: readonly CheckId[]) => {
  const first = checks[0];
  return first ? CHECKS[first].taskId : null;
};

const joined = (values: readonly string[]) => (values.length ? values.join('\n') : null);

const naming = (values: readonly string[], quote: boolean) => {
  const names = values.map((v) => (quote ? `"${v}"` : v));
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
};

type RecordField = 'mx' | 'spf' | 'dmarc' | 'dkimSelectors' | 'ns';

const RECORD_FIELDS: Record<RecordField, { label: string; quote: boolean; checks: CheckId[] }> = {
  mx: { label: 'Mail servers (MX)', quote: false, checks: ['mx'] },
  spf: { label: 'SPF record', quote: true, checks: ['spf'] },
  dmarc: { label: 'DMARC record', quote: true, checks: ['dmarc'] },
  dkimSelectors: { label: 'DKIM selectors', quote: false, checks: ['dkim'] },
  ns: { label: 'Name servers (NS)', quote: false, checks: [] },
};

function recordChange(
  field: RecordField,
  before: string[],
  after: string[],
): ObservedChange | null {
  const added = after.filter((v) => !before.includes(v)).sort();
  const removed = before.filter((v) => !after.includes(v)).sort();
  if (!added.length && !removed.length) return null;
  const { label, quote, checks } = RECORD_FIELDS[field];
  const parts = [
    added.length ? `added ${naming(added, quote)}` : null,
    removed.length ? `removed ${naming(removed, quote)}` : null,
  ].filter(Boolean);
  let direction: ChangeDirection = 'neutral';
  let summary = `${label} changed: ${parts.join('; ')}`;
  if (field === 'dmarc') {
    const move = dmarcMove(before, after);
    if (move) ({ direction, summary } = move);
  } else if (field === 'spf' || field === 'dkimSelectors') {
    // A domain left with no SPF record, or no DKIM key we can find, has lost a protection.
    if (!after.length) direction = 'worse';
    else if (!before.length) direction = 'better';
  }
  const state = [...after].sort().join('\n');
  return {
    kind: 'record-changed',
    key: `record:${field}:${state ? digest(state) : 'none'}`,
    direction,
    summary: `${summary}.`,
    taskId: taskOf(checks),
    before: joined(before),
    after: joined(after),
    checks,
  };
}

const HEADER_CHECKS: Record<string, CheckId[]> = {
  'strict-transport-security': ['hsts'],
  'content-security-policy': ['csp', 'framing'],
  'x-content-type-options': ['content-type-options'],
  'x-frame-options': ['framing'],
  'referrer-policy': ['referrer-policy'],
};

const headerTitle = (name: string) =>
  name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());

const maxAge = (hsts: string) => Number(/max-age\s*=\s*"?(\d+)/i.exec(hsts)?.[1] ?? 0);

const duration = (seconds: number) => {
  const days = Math.floor(seconds / 86_400);
  if (days >= 1) return days === 1 ? '1 day' : `${days} days`;
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
};

function headerChange(
  name: string,
  host: string,
  before: string | undefined,
  after: string | undefined,
): ObservedChange | null {
  if (before === after) return null;
  const title = `Security header ${headerTitle(name)}`;
  const checks = HEADER_CHECKS[name] ?? [];
  const change = { kind: 'header-changed', checks, taskId: taskOf(checks) } as const;
  const values = { before: before ?? null, after: after ?? null };
  if (after === undefined) {
    const summary = `${title} removed from ${host}.`;
    return { ...change, key: `header:${name}:removed`, direction: 'worse', summary, ...values };
  }
  const key = `header:${name}:${digest(after)}`;
  if (before === undefined) {
    return {
      ...change,
      key,
      direction: 'better',
      summary: `${title} added to ${host}.`,
      ...values,
    };
  }
  let direction: ChangeDirection = 'neutral';
  let summary = `${title} changed on ${host}.`;
  if (name === 'strict-transport-security' && maxAge(before) !== maxAge(after)) {
    direction = maxAge(after) < maxAge(before) ? 'worse' : 'better';
    summary = `${title} on ${host} now asks browsers to insist on HTTPS for ${duration(maxAge(after))} instead of ${duration(maxAge(before))}.`;
  }
  return { ...change, key, direction, summary, ...values };
}

const headerOrder = (name: string) => {
  const at = (OBSERVED_HEADERS as readonly string[]).indexOf(name);
  return at === -1 ? OBSERVED_HEADERS.length : at;
};

const DATE = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

function certificateChange(
  before: NonNullable<ScanObserved['certificate']>,
  after: NonNullable<ScanObserved['certificate']>,
): ObservedChange | null {
  if (Date.parse(after.notAfter) <= Date.parse(before.notAfter)) return null;
  const stamp = new Date(after.notAfter).toISOString().replace(/[-:]|\.\d+/g, '');
  return {
    kind: 'certificate-renewed',
    key: `certificate:${after.host}:${stamp}`,
    direction: 'better',
    summary: `The certificate of ${after.host} was renewed: it is now valid until ${DATE.format(new Date(after.notAfter))}.`,
    taskId: CHECKS.certificate.taskId,
    before: before.notAfter,
    after: after.notAfter,
    checks: ['certificate'],
  };
}

/** Changes between the facts of two scans; a field is compared only when both sides saw it. */
export function observedChanges(
  previous: ScanObserved,
  current: ScanObserved,
  webHost: string,
): ObservedChange[] {
  const changes: (ObservedChange | null)[] = [];
  for (const field of Object.keys(RECORD_FIELDS) as RecordField[]) {
    const before = previous[field];
    const after = current[field];
    if (before && after) changes.push(recordChange(field, before, after));
  }
  const { headers: was, certificate: oldCert } = previous;
  const { headers: now, certificate: newCert } = current;
  if (was && now) {
    const names = [...new Set([...Object.keys(was), ...Object.keys(now)])].sort(
      (a, b) => headerOrder(a) - headerOrder(b) || a.localeCompare(b),
    );
    for (const name of names) changes.push(headerChange(name, webHost, was[name], now[name]));
  }
  if (oldCert && newCert) changes.push(certificateChange(oldCert, newCert));
  return changes.filter((c) => c !== null);
}
