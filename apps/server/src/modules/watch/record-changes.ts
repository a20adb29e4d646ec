// After each scan of an organisation's watched name: what changed since the scan before, and how
// near its certificate is to expiring, kept as the timeline and alerted once per change.
import type { ScanReport } from '@castellan/contract';
import type { Db } from '../../db/client';
import { findPreviousReport, findScanStart } from '../risk-analysis/repository';
import { findPrimaryTarget, insertChanges, type NewWatchChange } from './repository';
import { type CertificateExpiry, certificateExpiry, changesBetween } from './scan-changes';

/** Where the alerts of worse changes are queued (one durable job each). */
export type WatchAlertQueue = { send(changeId: string): Promise<void> };

/** A scan that ended with a report, of an organisation's own domain or of another name it watches. */
export type WatchedScan = {
  scanId: string;
  organizationId: string | null;
  watchTargetId: string | null;
  report: ScanReport | null;
};

const DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

function expirySummary(expiry: CertificateExpiry): string {
  const on = DATE.format(new Date(expiry.notAfter));
  if (expiry.daysLeft <= 0) return `The certificate of ${expiry.host} expired on ${on}.`;
  const days = expiry.daysLeft === 1 ? 'one day' : `${expiry.daysLeft} days`;
  return `The certificate of ${expiry.host} expires in ${days}, on ${on}. Renew it before then.`;
}

/**
 * Records the changes a finished scan found and queues an alert for each worse one recorded
 * now: a scan run again after a crash, or another scan that sees the same state, alerts nothing
 * more. An expiry warning is recorded once per certificate and threshold (21 days, 7, expired).
 */
export async function recordWatchChanges(
  db: Db,
  alerts: WatchAlertQueue,
  scan: WatchedScan,
): Promise<number> {
  const { organizationId, report } = scan;
  if (!organizationId || !report) return 0;
  const targetId = scan.watchTargetId ?? (await findPrimaryTarget(db, organizationId))?.id ?? null;
  const startedAt = await findScanStart(db, scan.scanId);
  if (!targetId || !startedAt) return 0;
  const previous = await findPreviousReport(db, {
    id: scan.scanId,
    organizationId,
    watchTargetId: scan.watchTargetId,
    startedAt,
  });
  const detectedAt = new Date(report.scannedAt);
  const base = { organizationId, targetId, scanId: scan.scanId, detectedAt };
  const rows: NewWatchChange[] = changesBetween(previous, report).map((c) => ({
    ...base,
    kind: c.kind,
    key: c.key,
    direction: c.direction,
    summary: c.summary,
    catalogueId: c.taskId,
    before: c.before,
    after: c.after,
  }));
  const expiry = certificateExpiry(report, detectedAt);
  if (expiry?.threshold != null) {
    rows.push({
      ...base,
      kind: 'certificate-expiring',
      key: `expiry:${expiry.host}:${expiry.notAfter}:${expiry.threshold}`,
      direction: 'worse',
      summary: expirySummary(expiry),
      catalogueId: 'web-tls-certificate',
      before: null,
      after: `Valid until ${expiry.notAfter}`,
    });
  }
  const recorded = await insertChanges(db, rows, (row) => row.kind === 'certificate-expiring');
  for (const change of recorded) {
    if (change.direction === 'worse') await alerts.send(change.id);
  }
  return recorded.length;
}
