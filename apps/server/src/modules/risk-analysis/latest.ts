import type { RiskAnalysisSummary, ScanFinding, ScanReport } from '@castellan/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { domainScans } from '../../db/schema';
import type { ScanVerdicts } from '../tasks/progress';
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
export function taskVerdicts(
  findings: readonly Pick<ScanFinding, 'check' | 'status' | 'taskId'>[],
): Map<string, 'pass' | 'fail'> {
  const verdicts = new Map<string, 'pass' | 'fail'>();
  for (const f of findings) {
    // Passing findings name no task to do; the check they come from still says which it is.
    const taskId = f.taskId ?? CHECKS[f.check as CheckId]?.taskId ?? null;
    if (!taskId || (f.status !== 'pass' && f.status !== 'fail')) continue;
    if (f.status === 'fail' || verdicts.get(taskId) !== 'fail') verdicts.set(taskId, f.status);
  }
  return verdicts;
}

/**
 * What the organisation's latest finished scan says about its tasks, if it has one. Runs on
 * every task request, so only what the verdicts need leaves the database, not the report.
 */
export async function latestScanVerdicts(
  db: Db,
  organizationId: string,
): Promise<ScanVerdicts | null> {
  const [row] = await db
    .select({
      finishedAt: domainScans.finishedAt,
      findings: sql<Pick<ScanFinding, 'check' | 'status' | 'taskId'>[] | null>`(
        select jsonb_agg(jsonb_build_object('check', f->'check', 'status', f->'status', 'taskId', f->'taskId'))
        from jsonb_array_elements(${domainScans.report}->'findings') as f)`,
    })
    .from(domainScans)
    .where(and(eq(domainScans.organizationId, organizationId), eq(domainScans.state, 'done')))
    .orderBy(desc(domainScans.startedAt))
    .limit(1);
  if (!row?.finishedAt) return null;
  return { byTask: taskVerdicts(row.findings ?? []), at: row.finishedAt };
}
