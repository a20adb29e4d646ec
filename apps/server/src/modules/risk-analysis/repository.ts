import type { ScanFinding, ScanReport } from '@castellan/contract';
import { and, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { domainScans } from '../../db/schema';

export type DomainScanRow = typeof domainScans.$inferSelect;

export async function insertScan(
  db: Db,
  input: {
    domain: string;
    organizationId: string | null;
    requestedById: string | null;
    checksTotal: number;
  },
): Promise<DomainScanRow> {
  const [row] = await db.insert(domainScans).values(input).returning();
  if (!row) throw new Error('the scan was not recorded');
  return row;
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

/** Scans still marked running that no process can be running any more (a crash, a restart). */
export async function failAbandonedScans(db: Db, startedBefore: Date): Promise<number> {
  const rows = await db
    .update(domainScans)
    .set({
      state: 'failed',
      error: 'The scan was interrupted. Please start it again.',
      finishedAt: new Date(),
    })
    .where(and(eq(domainScans.state, 'running'), lt(domainScans.startedAt, startedBefore)))
    .returning({ id: domainScans.id });
  return rows.length;
}

/** The newest public scan of a domain started since `since`, if any. */
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
        eq(domainScans.domain, domain),
        gte(domainScans.startedAt, since),
      ),
    )
    .orderBy(desc(domainScans.startedAt))
    .limit(1);
  return row ?? null;
}

/** The organisation's scans, newest first. */
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
        options.onlyDone ? eq(domainScans.state, 'done') : undefined,
      ),
    )
    .orderBy(desc(domainScans.startedAt))
    .limit(options.limit);
}

/** What a finding says about a task: all that the verdicts need of it. */
export type FindingVerdict = Pick<ScanFinding, 'check' | 'status' | 'taskId'>;

/**
 * When the organisation's latest finished scan ended and what its findings said, if it has one.
 * Runs on every task request, so only what the verdicts need leaves the database, not the report.
 */
export async function findLatestFindings(
  db: Db,
  organizationId: string,
): Promise<{ finishedAt: Date; findings: FindingVerdict[] } | null> {
  const [row] = await db
    .select({
      finishedAt: domainScans.finishedAt,
      findings: sql<FindingVerdict[] | null>`(
        select jsonb_agg(jsonb_build_object('check', f->'check', 'status', f->'status', 'taskId', f->'taskId'))
        from jsonb_array_elements(${domainScans.report}->'findings') as f)`,
    })
    .from(domainScans)
    .where(and(eq(domainScans.organizationId, organizationId), eq(domainScans.state, 'done')))
    .orderBy(desc(domainScans.startedAt))
    .limit(1);
  return row?.finishedAt ? { finishedAt: row.finishedAt, findings: row.findings ?? [] } : null;
}
