import type { DomainScan, ScanReport } from '@castellan/contract';
import { and, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { domainScans } from '../../db/schema';

export type DomainScanRow = typeof domainScans.$inferSelect;

export const toDomainScan = (row: DomainScanRow): DomainScan => ({
  id: row.id,
  domain: row.domain,
  state: row.state,
  checksDone: row.checksDone,
  checksTotal: row.checksTotal,
  startedAt: row.startedAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
  error: row.error,
  report: row.report ?? null,
});

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

export async function findScan(db: Db, id: string): Promise<DomainScanRow | null> {
  const [row] = await db.select().from(domainScans).where(eq(domainScans.id, id)).limit(1);
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
