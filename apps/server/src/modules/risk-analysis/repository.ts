import type { ScanFinding, ScanReport } from '@castellan/contract';
import { and, desc, eq, gte, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { domainScans } from '../../db/schema';

export type DomainScanRow = typeof domainScans.$inferSelect;

export async function insertScan(
  db: Db,
  input: {
    domain: string;
    organizationId: string | null;
    requestedById: string | null;
    watchTargetId?: string | null;
    scope?: 'full' | 'web';
    checksTotal: number;
  },
): Promise<DomainScanRow> {
  const [row] = await db.insert(domainScans).values(input).returning();
  if (!row) throw new Error('the scan was not recorded');
  return row;
}

/**
 * Gives the organisation the stored sample report (demo data only) as a finished scan of its
 * own, marked `sample`. Resolves to null, storing nothing, when it has any scan already.
 */
export async function insertSampleScan(
  db: Db,
  input: { organizationId: string; report: ScanReport; checksTotal: number; at: Date },
): Promise<DomainScanRow | null> {
  const [existing] = await db
    .select({ id: domainScans.id })
    .from(domainScans)
    .where(eq(domainScans.organizationId, input.organizationId))
    .limit(1);
  if (existing) return null;
  const [row] = await db
    .insert(domainScans)
    .values({
      organizationId: input.organizationId,
      domain: input.report.domain,
      state: 'done',
      checksDone: input.checksTotal,
      checksTotal: input.checksTotal,
      report: input.report,
      sample: true,
      startedAt: input.at,
      finishedAt: input.at,
    })
    .returning();
  return row ?? null;
}

export async function recordProgress(db: Db, id: string, checksDone: number): Promise<void> {
  await db
    .update(domainScans)
    .set({ checksDone: sql`greatest(${domainScans.checksDone}, ${checksDone})` })
    .where(eq(domainScans.id, id));
}

export async function finishScan(
  db: Db,
  id: string,
  outcome: { report: ScanReport } | { error: string },
): Promise<void> {
  await db
    .update(domainScans)
    .set(
      'report' in outcome
        ? {
            state: 'done',
            report: outcome.report,
            checksDone: sql`${domainScans.checksTotal}`,
            finishedAt: new Date(),
          }
        : { state: 'failed', error: outcome.error, finishedAt: new Date() },
    )
    .where(and(eq(domainScans.id, id), eq(domainScans.state, 'running')));
}

/**
 * Readies a recorded scan for a run of its checks: a first run, or a run again after one cut
 * off by a crash, which starts over (progress and start time) on the same row. Null when the
 * scan has already ended.
 */
export async function restartScan(db: Db, id: string): Promise<DomainScanRow | null> {
  const [row] = await db
    .update(domainScans)
    .set({ checksDone: 0, report: null, error: null, startedAt: new Date() })
    .where(and(eq(domainScans.id, id), eq(domainScans.state, 'running')))
    .returning();
  return row ?? null;
}

/** Of these scans, the ones still marked running. */
export async function findRunningScanIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: domainScans.id })
    .from(domainScans)
    .where(and(inArray(domainScans.id, ids), eq(domainScans.state, 'running')));
  return new Set(rows.map((r) => r.id));
}

/** The scans marked running whose current run started before `startedBefore`. */
export async function listRunningScanIds(db: Db, startedBefore: Date): Promise<string[]> {
  const rows = await db
    .select({ id: domainScans.id })
    .from(domainScans)
    .where(and(eq(domainScans.state, 'running'), lt(domainScans.startedAt, startedBefore)));
  return rows.map((r) => r.id);
}

/** Ends these scans, if still running, as failed with `error`; resolves to how many. */
export async function failRunningScans(db: Db, ids: string[], error: string): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(domainScans)
    .set({ state: 'failed', error, finishedAt: new Date() })
    .where(and(inArray(domainScans.id, ids), eq(domainScans.state, 'running')))
    .returning({ id: domainScans.id });
  return rows.length;
}

/** The newest public scan of a domain started since `since`, if any (never a sample). */
export async function findRecentPublicScan(
  db: Db,
  domain: string,
  since: Date,
): Promise<DomainScanRow | null> {
  const [row] = await db
    .select()
    .from(domainScans)
    .where(
      and(
        isNull(domainScans.organizationId),
        eq(domainScans.sample, false),
        eq(domainScans.domain, domain),
        gte(domainScans.startedAt, since),
      ),
    )
    .orderBy(desc(domainScans.startedAt))
    .limit(1);
  return row ?? null;
}

/**
 * The organisation's own scans, newest first: of its own domain (not of the other names it
 * watches), never the stored sample (demo data), which is not a scan of its domain. Everything that treats a scan as a fact about the organisation (task
 * evidence, attack graph, breach cost, score history, digest) reads scans through this.
 */
export async function listOrganizationScans(
  db: Db,
  organizationId: string,
  options: { onlyDone?: boolean; limit: number },
): Promise<DomainScanRow[]> {
  return db
    .select()
    .from(domainScans)
    .where(
      and(
        eq(domainScans.organizationId, organizationId),
        isNull(domainScans.watchTargetId),
        eq(domainScans.sample, false),
        options.onlyDone ? eq(domainScans.state, 'done') : undefined,
      ),
    )
    .orderBy(desc(domainScans.startedAt))
    .limit(options.limit);
}

/** The stored sample report the organisation was given (demo data), if any. */
export async function findSampleScan(
  db: Db,
  organizationId: string,
): Promise<DomainScanRow | null> {
  const [row] = await db
    .select()
    .from(domainScans)
    .where(and(eq(domainScans.organizationId, organizationId), eq(domainScans.sample, true)))
    .limit(1);
  return row ?? null;
}

/** What a finding says about a task: all that the verdicts need of it. */
export type FindingVerdict = Pick<ScanFinding, 'check' | 'status' | 'taskId'>;

/** The newest finished public scan of a domain with a report, however old (never a sample). */
export async function findLatestPublicReport(
  db: Db,
  domain: string,
): Promise<{ report: ScanReport; finishedAt: Date } | null> {
  const [row] = await db
    .select({ report: domainScans.report, finishedAt: domainScans.finishedAt })
    .from(domainScans)
    .where(
      and(
        isNull(domainScans.organizationId),
        eq(domainScans.sample, false),
        eq(domainScans.domain, domain),
        eq(domainScans.state, 'done'),
      ),
    )
    .orderBy(desc(domainScans.startedAt))
    .limit(1);
  return row?.report && row.finishedAt ? { report: row.report, finishedAt: row.finishedAt } : null;
}

/** Whether the organisation has a finished scan of its own (a demo's stored sample does not count). */
export async function hasFinishedRealScan(db: Db, organizationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: domainScans.id })
    .from(domainScans)
    .where(
      and(
        eq(domainScans.organizationId, organizationId),
        isNull(domainScans.watchTargetId),
        eq(domainScans.state, 'done'),
        eq(domainScans.sample, false),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The latest scan of each of these watched names (not the organisation's own domain). */
export async function latestScansOfTargets(
  db: Db,
  targetIds: readonly string[],
): Promise<Map<string, DomainScanRow>> {
  if (targetIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([domainScans.watchTargetId])
    .from(domainScans)
    .where(inArray(domainScans.watchTargetId, [...targetIds]))
    .orderBy(domainScans.watchTargetId, desc(domainScans.startedAt));
  return new Map(rows.map((s) => [s.watchTargetId ?? '', s]));
}

/**
 * The report of the latest finished scan of the same name before this one: of the same watched
 * name, or of the organisation's own domain (never the sample).
 */
export async function findPreviousReport(
  db: Db,
  scan: { id: string; organizationId: string; watchTargetId: string | null; startedAt: Date },
): Promise<ScanReport | null> {
  const [row] = await db
    .select({ report: domainScans.report })
    .from(domainScans)
    .where(
      and(
        eq(domainScans.organizationId, scan.organizationId),
        scan.watchTargetId
          ? eq(domainScans.watchTargetId, scan.watchTargetId)
          : isNull(domainScans.watchTargetId),
        eq(domainScans.sample, false),
        eq(domainScans.state, 'done'),
        ne(domainScans.id, scan.id),
        lt(domainScans.startedAt, scan.startedAt),
      ),
    )
    .orderBy(desc(domainScans.startedAt))
    .limit(1);
  return row?.report ?? null;
}

export async function findScanStart(db: Db, id: string): Promise<Date | null> {
  const [row] = await db
    .select({ startedAt: domainScans.startedAt })
    .from(domainScans)
    .where(eq(domainScans.id, id));
  return row?.startedAt ?? null;
}
