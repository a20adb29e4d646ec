import type { RiskAnalysisSummary, ScanReport } from '@castellan/contract';
import type { Db } from '../../db/client';
import { expectedBreachCost } from './breach-cost';
import { type DomainScanRow, listOrganizationScans } from './repository';
import { CHECKS, type CheckId } from './scanner/checks';

/** The organisation's latest finished scan, if it has one. */
export async function latestFinishedScan(
  db: Db,
  organizationId: string,
): Promise<(DomainScanRow & { report: ScanReport; finishedAt: Date }) | null> {
  const [row] = await listOrganizationScans(db, organizationId, { onlyDone: true, limit: 1 });
  return row?.report && row.finishedAt
    ? { ...row, report: row.report, finishedAt: row.finishedAt }
    : null;
}

export function summarize(
  row: DomainScanRow & { report: ScanReport; finishedAt: Date },
): RiskAnalysisSummary {
  return {
    id: row.id,
    domain: row.domain,
    scannedAt: row.finishedAt.toISOString(),
    score: row.report.score,
    grade: row.report.grade,
    failedChecks: row.report.findings.filter((f) => f.status === 'fail').length,
    expectedBreachCost: expectedBreachCost(row.report.score),
  };
}

/**
 * What a scan says about the catalogue tasks its findings name: done when every tested finding
 * of the task passed, not done when any failed. Tasks it could not test are not judged.
 */
export function taskVerdicts(report: ScanReport): Map<string, 'pass' | 'fail'> {
  const verdicts = new Map<string, 'pass' | 'fail'>();
  for (const f of report.findings) {
    // Passing findings name no task to do; the check they come from still says which it is.
    const taskId = f.taskId ?? CHECKS[f.check as CheckId]?.taskId ?? null;
    if (!taskId || (f.status !== 'pass' && f.status !== 'fail')) continue;
    if (f.status === 'fail' || verdicts.get(taskId) !== 'fail') verdicts.set(taskId, f.status);
  }
  return verdicts;
}

/** What the organisation's latest finished scan says about its tasks, if it has one. */
export const verdictsOf = (scan: { report: ScanReport; finishedAt: Date } | null) =>
  scan ? { byTask: taskVerdicts(scan.report), at: scan.finishedAt } : null;
