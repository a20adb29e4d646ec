import type { WatchFrequency, WatchTargetKind, WatchTargetSource } from '@castellan/contract';
import { and, asc, count, desc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  organizations,
  watchChanges,
  watchCtSearches,
  watchSettings,
  watchTargets,
} from '../../db/schema';

export type WatchTargetRow = typeof watchTargets.$inferSelect;
export type WatchChangeRow = typeof watchChanges.$inferSelect;
export type NewWatchChange = Omit<
  typeof watchChanges.$inferInsert,
  'id' | 'alertedAt' | 'postedAt'
>;

export async function findFrequency(db: Db, organizationId: string): Promise<WatchFrequency> {
  const [row] = await db
    .select({ frequency: watchSettings.frequency })
    .from(watchSettings)
    .where(eq(watchSettings.organizationId, organizationId));
  return row?.frequency ?? 'daily';
}

export async function saveFrequency(
  db: Db,
  organizationId: string,
  frequency: WatchFrequency,
  changedById: string,
): Promise<void> {
  const values = { frequency, changedById, changedAt: new Date() };
  await db
    .insert(watchSettings)
    .values({ organizationId, ...values })
    .onConflictDoUpdate({ target: watchSettings.organizationId, set: values });
}

/** The organisation's watched names: its own domain first, then the others by name. */
export const listTargets = (db: Db, organizationId: string) =>
  db
    .select()
    .from(watchTargets)
    .where(eq(watchTargets.organizationId, organizationId))
    .orderBy(sql`${watchTargets.kind} = 'primary' desc`, asc(watchTargets.name));

export async function findTarget(
  db: Db,
  organizationId: string,
  id: string,
): Promise<WatchTargetRow | null> {
  const [row] = await db
    .select()
    .from(watchTargets)
    .where(and(eq(watchTargets.organizationId, organizationId), eq(watchTargets.id, id)));
  return row ?? null;
}

export async function findPrimaryTarget(
  db: Db,
  organizationId: string,
): Promise<WatchTargetRow | null> {
  const [row] = await db
    .select()
    .from(watchTargets)
    .where(and(eq(watchTargets.organizationId, organizationId), eq(watchTargets.kind, 'primary')));
  return row ?? null;
}

export async function countExtraTargets(db: Db, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(watchTargets)
    .where(and(eq(watchTargets.organizationId, organizationId), ne(watchTargets.kind, 'primary')));
  return row?.n ?? 0;
}

/** Null when the organisation already watches the name. */
export async function insertTarget(
  db: Db,
  input: {
    id: string;
    organizationId: string;
    name: string;
    kind: Exclude<WatchTargetKind, 'primary'>;
    source: WatchTargetSource;
    addedById: string;
    nextScanAt: Date;
    lastScanStartedAt: Date;
  },
): Promise<WatchTargetRow | null> {
  const [row] = await db.insert(watchTargets).values(input).onConflictDoNothing().returning();
  return row ?? null;
}

export async function deleteTarget(db: Db, organizationId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(watchTargets)
    .where(
      and(
        eq(watchTargets.organizationId, organizationId),
        eq(watchTargets.id, id),
        ne(watchTargets.kind, 'primary'),
      ),
    )
    .returning({ id: watchTargets.id });
  return rows.length > 0;
}

/**
 * Marks the target's scan as started now, unless one started after `notSince` (the per-name
 * rate limit): atomic, so two processes or two clicks start one scan. Null when limited.
 */
export async function claimScan(
  db: Db,
  id: string,
  now: Date,
  notSince: Date,
): Promise<WatchTargetRow | null> {
  const [row] = await db
    .update(watchTargets)
    .set({ lastScanStartedAt: now })
    .where(
      and(
        eq(watchTargets.id, id),
        or(isNull(watchTargets.lastScanStartedAt), lt(watchTargets.lastScanStartedAt, notSince)),
      ),
    )
    .returning();
  return row ?? null;
}

/** A due name with what scheduling it needs, and whether the rate limit lets it be scanned now. */
export type DueTarget = WatchTargetRow & { frequency: WatchFrequency; scan: boolean };

/**
 * Takes up to `limit` names due by `now`, of registered organisations that are not demo data
 * (a demo's made-up domain has nothing to scan), oldest due first, and in the same transaction
 * moves each to its next time (`next`) and marks it started when its last scan began before
 * `notSince` (else the rate limit skips this turn): no other process takes them too.
 */
export async function takeDueTargets(
  db: Db,
  now: Date,
  notSince: Date,
  limit: number,
  next: (target: WatchTargetRow & { frequency: WatchFrequency }) => Date,
): Promise<DueTarget[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ target: watchTargets, frequency: watchSettings.frequency })
      .from(watchTargets)
      .innerJoin(organizations, eq(organizations.id, watchTargets.organizationId))
      .leftJoin(watchSettings, eq(watchSettings.organizationId, watchTargets.organizationId))
      .where(
        and(
          sql`${watchTargets.nextScanAt} <= ${now.toISOString()}::timestamptz`,
          eq(organizations.status, 'REGISTERED'),
          eq(organizations.isDemo, false),
        ),
      )
      .orderBy(asc(watchTargets.nextScanAt))
      .limit(limit)
      .for('update', { of: watchTargets, skipLocked: true });
    const taken: DueTarget[] = due.map(({ target, frequency }) => ({
      ...target,
      frequency: frequency ?? 'daily',
      scan: !target.lastScanStartedAt || target.lastScanStartedAt < notSince,
    }));
    if (taken.length === 0) return taken;
    // One statement for the batch: each name's next time, and "started now" for those scanned.
    const nextTimes = sql.join(
      taken.map((t) => sql`when ${t.id}::uuid then ${next(t).toISOString()}::timestamptz`),
      sql` `,
    );
    const scanned = taken.filter((t) => t.scan).map((t) => t.id);
    await tx
      .update(watchTargets)
      .set({
        nextScanAt: sql`case ${watchTargets.id} ${nextTimes} end`,
        ...(scanned.length > 0
          ? {
              lastScanStartedAt: sql`case when ${inArray(watchTargets.id, scanned)} then ${now.toISOString()}::timestamptz else ${watchTargets.lastScanStartedAt} end`,
            }
          : {}),
      })
      .where(
        inArray(
          watchTargets.id,
          taken.map((t) => t.id),
        ),
      );
    return taken;
  });
}

/**
 * Records the changes a scan found; a change already recorded (the scan ran again after a crash)
 * or, with `once`, a key the target already has (an expiry warning) is left out. Resolves to
 * the ones recorded now.
 */
export async function insertChanges(
  db: Db,
  rows: readonly NewWatchChange[],
  once: (row: NewWatchChange) => boolean,
): Promise<WatchChangeRow[]> {
  const recorded: WatchChangeRow[] = [];
  for (const row of rows) {
    if (once(row)) {
      const [seen] = await db
        .select({ id: watchChanges.id })
        .from(watchChanges)
        .where(and(eq(watchChanges.targetId, row.targetId), eq(watchChanges.key, row.key)))
        .limit(1);
      if (seen) continue;
    }
    const [inserted] = await db.insert(watchChanges).values(row).onConflictDoNothing().returning();
    if (inserted) recorded.push(inserted);
  }
  return recorded;
}

/**
 * A page of the organisation's timeline, newest first, with the watched name of each change:
 * those after the change `before` (of the page before) in that order.
 */
export const listChanges = (db: Db, organizationId: string, before: string | null, limit: number) =>
  db
    .select({ change: watchChanges, targetName: watchTargets.name })
    .from(watchChanges)
    .innerJoin(watchTargets, eq(watchTargets.id, watchChanges.targetId))
    .where(
      and(
        eq(watchChanges.organizationId, organizationId),
        before
          ? sql`(${watchChanges.detectedAt}, ${watchChanges.id}) < (select c.detected_at, c.id from ${watchChanges} c where c.id = ${before} and c.organization_id = ${organizationId})`
          : undefined,
      ),
    )
    .orderBy(desc(watchChanges.detectedAt), desc(watchChanges.id))
    .limit(limit);

export async function findChange(db: Db, id: string) {
  const [row] = await db
    .select({ change: watchChanges, targetName: watchTargets.name, domain: organizations.domain })
    .from(watchChanges)
    .innerJoin(watchTargets, eq(watchTargets.id, watchChanges.targetId))
    .innerJoin(organizations, eq(organizations.id, watchChanges.organizationId))
    .where(eq(watchChanges.id, id));
  return row ?? null;
}

export async function markChange(
  db: Db,
  id: string,
  set: { alertedAt?: Date; postedAt?: Date },
): Promise<void> {
  await db.update(watchChanges).set(set).where(eq(watchChanges.id, id));
}

export async function findCtSearch(db: Db, organizationId: string) {
  const [row] = await db
    .select()
    .from(watchCtSearches)
    .where(eq(watchCtSearches.organizationId, organizationId));
  return row ?? null;
}

/** A search still marked under way after this is surely lost (its job gone): start another. */
const CT_SEARCH_LOST_MS = 10 * 60_000;

/** Starts a search unless one is under way; resolves to whether this call started it. */
export async function beginCtSearch(db: Db, organizationId: string, now: Date): Promise<boolean> {
  const lostBefore = new Date(now.getTime() - CT_SEARCH_LOST_MS);
  const values = { state: 'searching' as const, requestedAt: now, error: null };
  const rows = await db
    .insert(watchCtSearches)
    .values({ organizationId, ...values })
    .onConflictDoUpdate({
      target: watchCtSearches.organizationId,
      set: values,
      setWhere: or(
        ne(watchCtSearches.state, 'searching'),
        lt(watchCtSearches.requestedAt, lostBefore),
      ),
    })
    .returning({ id: watchCtSearches.organizationId });
  return rows.length > 0;
}

export async function endCtSearch(
  db: Db,
  organizationId: string,
  outcome: { names: { name: string; firstSeen: string | null }[] } | { error: string },
  now: Date,
): Promise<void> {
  await db
    .update(watchCtSearches)
    .set(
      'names' in outcome
        ? { state: 'done', names: outcome.names, error: null, searchedAt: now }
        : { state: 'failed', error: outcome.error, searchedAt: now },
    )
    .where(eq(watchCtSearches.organizationId, organizationId));
}
