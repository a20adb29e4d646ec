// What changed between two scans of one domain, for the watch's timeline and its alerts, and how
// near the website's certificate is to expiring. Pure: reports in, changes out.
import {
  type ScanFinding,
  type ScanReport,
  SEVERITIES,
  type WatchChangeKind,
  type WatchDirection,
} from '@castellan/contract';
import { type ObservedChange, observedChanges } from './observed-changes';

export type ChangeDirection = WatchDirection;

/** What two scans can show changed (an expiry warning comes from one scan and a date). */
export type ScanChangeKind = Exclude<WatchChangeKind, 'certificate-expiring'>;

export type ScanChange = {
  kind: ScanChangeKind;
  /**
   * The state this change led to, as `<subject>:<state>`: the subject is everything before the
   * last colon (`check:dmarc`, `finding:<finding id>`, `record:spf`, `header:<name>`,
   * `certificate:<host>`). The same state seen again gives the same key and another state of
   * the subject another key, so an alert can be sent once per change. Unique within a domain.
   */
  key: string;
  direction: ChangeDirection;
  /** One plain sentence. */
  summary: string;
  /** The catalogue task the change concerns: to reopen when worse, perhaps to close when better. */
  taskId: string | null;
  /** What was seen before and after (a finding's evidence, records one a line, a header value). */
  before: string | null;
  after: string | null;
};

type CheckState = {
  status: 'pass' | 'fail';
  /** The most severe failing finding, else a passing one. */
  lead: ScanFinding;
};

const rank = (f: ScanFinding) => SEVERITIES.indexOf(f.severity);

/** Each tested check's verdict: failing when any of its findings fails. */
function checkStates(report: ScanReport): Map<string, CheckState> {
  const states = new Map<string, CheckState>();
  for (const f of report.findings) {
    if (f.status === 'not-tested') continue;
    const known = states.get(f.check);
    if (f.status === 'fail') {
      if (!known || known.status === 'pass' || rank(f) > rank(known.lead)) {
        states.set(f.check, { status: 'fail', lead: f });
      }
    } else if (!known || (known.status === 'pass' && known.lead.status === 'info')) {
      // `info` is worth knowing but never counted: a check with only info findings passes.
      states.set(f.check, { status: 'pass', lead: f });
    }
  }
  return states;
}

const problem = (f: ScanFinding) => `New ${f.severity.toLowerCase()}-severity problem: ${f.title}.`;

/**
 * The changes from `previous` to `current`, both scans of one domain; none for a first scan.
 * A check moved by a record, header or certificate change is reported as that change alone, so
 * that one regression gives one change.
 */
export function changesBetween(previous: ScanReport | null, current: ScanReport): ScanChange[] {
  if (!previous) return [];
  const observed =
    previous.observed && current.observed
      ? observedChanges(previous.observed, current.observed, current.webHost ?? current.domain)
      : [];
  const explained = (check: string, direction: ChangeDirection) =>
    observed.some((c) => c.direction === direction && c.checks.some((id) => id === check));

  const changes: ScanChange[] = [];
  const was = checkStates(previous);
  const now = checkStates(current);
  for (const [check, after] of now) {
    const before = was.get(check);
    if (!before || before.status === after.status) continue;
    const worse = after.status === 'fail';
    if (explained(check, worse ? 'worse' : 'better')) continue;
    changes.push({
      kind: worse ? 'check-worse' : 'check-better',
      key: `check:${check}:${after.status}`,
      direction: worse ? 'worse' : 'better',
      summary: worse
        ? problem(after.lead)
        : `Resolved since the previous scan: ${before.lead.title}.`,
      taskId: worse ? after.lead.taskId : before.lead.taskId,
      before: before.lead.evidence,
      after: after.lead.evidence,
    });
  }

  const failedBefore = new Set(
    previous.findings.filter((f) => f.status === 'fail').map((f) => f.id),
  );
  for (const f of current.findings) {
    if (f.status !== 'fail' || failedBefore.has(f.id)) continue;
    // Only within a check that already failed: a check that passed is a check-worse above, and
    // one not tested before tells us nothing about when the problem appeared.
    if (was.get(f.check)?.status !== 'fail' || explained(f.check, 'worse')) continue;
    changes.push({
      kind: 'finding-new',
      key: `finding:${f.id}:fail`,
      direction: 'worse',
      summary: problem(f),
      taskId: f.taskId,
      before: null,
      after: f.evidence,
    });
  }

  return [...changes, ...observed.map(({ checks: _, ...change }: ObservedChange) => change)];
}

/** Days before expiry at which the watch warns; 0 means the certificate has expired. */
export const EXPIRY_THRESHOLDS = [21, 7, 0] as const;
export type ExpiryThreshold = (typeof EXPIRY_THRESHOLDS)[number];

export type CertificateExpiry = {
  host: string;
  notAfter: string;
  /** Whole days left, rounded up: 0 or less once `notAfter` has passed. */
  daysLeft: number;
  /** The smallest threshold `daysLeft` is at or under, else null. */
  threshold: ExpiryThreshold | null;
};

const DAY_MS = 86_400_000;

/** How near the certificate the scan saw is to expiring; null when it saw none. */
export function certificateExpiry(current: ScanReport, now: Date): CertificateExpiry | null {
  const certificate = current.observed?.certificate;
  if (!certificate) return null;
  const { host, notAfter } = certificate;
  // `|| 0` turns the -0 that `Math.ceil` gives in the first day after expiry into 0.
  const daysLeft = Math.ceil((Date.parse(notAfter) - now.getTime()) / DAY_MS) || 0;
  const threshold = EXPIRY_THRESHOLDS.findLast((days) => daysLeft <= days) ?? null;
  return { host, notAfter, daysLeft, threshold };
}
