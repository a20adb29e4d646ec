import type { ScanReport } from '@castellan/contract';
import type { Db } from '../../db/client';
import { INTEGRATIONS } from '../integrations/catalog';
import { listIntegrationRows } from '../integrations/kit/repository';
import { listOrganizationScans } from '../risk-analysis/repository';
import { listSnapshots } from '../score/repository';
import { loadEmployeesProgress, organizationScore } from '../score/service';
import { catalogueById } from '../tasks/catalogue';
import { countCompletionsSince } from '../tasks/repository';
import { listNotApplicable } from '../tasks/states/repository';
import { nameOf } from './context';
import type { DigestInput } from './templates/digest';

const WEEK_MS = 7 * 86_400_000;

const ATTENTION: Record<string, string> = {
  invalid_token: 'its access was revoked or has expired: connect it again',
  permission_missing: 'a permission it needs is missing: connect it again and grant it',
};

/** Integrations that need an administrator: a revoked grant, a missing permission, failed syncs. */
async function integrationsNeedingAttention(db: Db, organizationId: string): Promise<string[]> {
  const rows = await listIntegrationRows(db, organizationId);
  return rows.flatMap((row) => {
    const name = INTEGRATIONS.find((i) => i.id === row.integrationId)?.name ?? row.integrationId;
    const why =
      ATTENTION[row.status] ??
      (row.syncState === 'failed'
        ? `its last sync failed (${row.syncError ?? 'no reason given'})`
        : null);
    return why ? [`${name}: ${why}`] : [];
  });
}

const failing = (report: ScanReport | null) =>
  new Map((report?.findings ?? []).filter((f) => f.status === 'fail').map((f) => [f.id, f.title]));

/**
 * The domain report now and a week ago: the grade of each, and what fails now that did not then
 * (everything failing, when there was no report a week ago).
 */
async function domainReportChange(db: Db, organizationId: string, weekAgo: Date) {
  const scans = await listOrganizationScans(db, organizationId, { onlyDone: true, limit: 20 });
  const latest = scans[0];
  if (!latest?.report) return { grade: null, newFindings: [] };
  const before = scans.find((s) => s.startedAt <= weekAgo && s.report);
  const then = failing(before?.report ?? null);
  const newFindings =
    latest.startedAt > weekAgo
      ? [...failing(latest.report)].filter(([id]) => !then.has(id)).map(([, title]) => title)
      : [];
  return {
    grade: { before: before?.report?.grade ?? null, now: latest.report.grade ?? null },
    newFindings,
  };
}

/** What an organisation's weekly digest says, but for its links. */
export async function digestFacts(
  db: Db,
  organizationId: string,
  now: Date,
): Promise<Omit<DigestInput, 'organization' | 'dashboardUrl' | 'unsubscribeUrl'>> {
  const weekAgo = new Date(now.getTime() - WEEK_MS);
  const [score, snapshots, tasksDone, employees, integrations, report, notApplicable] =
    await Promise.all([
      organizationScore(db, organizationId),
      listSnapshots(db, organizationId, weekAgo.toISOString().slice(0, 10)),
      countCompletionsSince(db, organizationId, weekAgo),
      loadEmployeesProgress(db, organizationId),
      integrationsNeedingAttention(db, organizationId),
      domainReportChange(db, organizationId, weekAgo),
      listNotApplicable(db, organizationId, weekAgo),
    ]);
  const today = now.toISOString().slice(0, 10);
  const weekOld = snapshots.find((s) => s.date < today);
  return {
    score: score.score,
    scoreChange: weekOld ? score.score - weekOld.score : null,
    tasksDone,
    newFindings: report.newFindings,
    notStarted: employees.members
      .filter((e) => e.progress.total > 0 && e.progress.completed === 0)
      .map((e) => nameOf(e.member)),
    integrations,
    notApplicable: notApplicable.map(
      (n) => `${catalogueById.get(n.catalogueId)?.title ?? n.catalogueId}: ${n.reason}`,
    ),
    grade: report.grade,
  };
}
