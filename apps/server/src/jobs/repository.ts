import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { integer, jsonb, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Db, SqlRunner } from '../db/client';
import { jobClaims, jobWorkers, providerSyncSlots } from '../db/schema';

/** The schema pg-boss creates and migrates itself (not part of our migrations). */
export const JOB_SCHEMA = 'pgboss';

const pgboss = pgSchema(JOB_SCHEMA);
const jobState = pgboss.enum('job_state', [
  'created',
  'retry',
  'active',
  'completed',
  'cancelled',
  'failed',
]);
/** The columns of pg-boss's job table that crash recovery reads or sets. */
const bossJobs = pgboss.table('job', {
  id: uuid('id').notNull(),
  name: text('name').notNull(),
  data: jsonb('data'),
  state: jobState('state').notNull(),
  retryCount: integer('retry_count').notNull(),
  retryLimit: integer('retry_limit').notNull(),
  singletonKey: text('singleton_key'),
  createdOn: timestamp('created_on', { withTimezone: true }).notNull(),
  startAfter: timestamp('start_after', { withTimezone: true }).notNull(),
  startedOn: timestamp('started_on', { withTimezone: true }),
  completedOn: timestamp('completed_on', { withTimezone: true }),
  output: jsonb('output'),
});

const UNFINISHED = ['created', 'retry', 'active'] as const;

/** `now()` minus a number of milliseconds, in the database's clock (shared by all processes). */
const ago = (ms: number) => sql`now() - ${ms} * interval '1 millisecond'`;

/** Registers a worker or proves it alive; a worker taken for dead comes back without its claims. */
export async function beat(db: Db, worker: { id: string; host: string; pid: number }) {
  await db
    .insert(jobWorkers)
    .values(worker)
    .onConflictDoUpdate({ target: jobWorkers.id, set: { heartbeatAt: sql`now()` } });
}

export async function removeWorkers(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(jobWorkers).where(inArray(jobWorkers.id, ids));
}

/** Every registered worker, and whether its heartbeat is older than `staleAfterMs`. */
export async function listWorkers(db: Db, staleAfterMs: number) {
  return db
    .select({
      id: jobWorkers.id,
      stale: sql<boolean>`${jobWorkers.heartbeatAt} < ${ago(staleAfterMs)}`,
    })
    .from(jobWorkers);
}

export async function claimJob(db: Db, claim: { jobId: string; queue: string; workerId: string }) {
  await db
    .insert(jobClaims)
    .values(claim)
    .onConflictDoUpdate({
      target: jobClaims.jobId,
      set: { workerId: claim.workerId, claimedAt: sql`now()` },
    });
}

/**
 * Gives up a worker's claim on a job; false when the claim was no longer its own (its job was
 * put back to run after its heartbeat went stale): the worker must then leave the job alone.
 */
export async function releaseClaim(db: Db, jobId: string, workerId: string): Promise<boolean> {
  const rows = await db
    .delete(jobClaims)
    .where(and(eq(jobClaims.jobId, jobId), eq(jobClaims.workerId, workerId)))
    .returning({ jobId: jobClaims.jobId });
  return rows.length > 0;
}

export type ActiveJob = {
  id: string;
  name: string;
  data: unknown;
  workerId: string | null;
  /** Whether the claiming worker's heartbeat, or for an unclaimed job its start, is stale. */
  stale: boolean;
};

/** The running jobs of these queues, with who claimed them. */
export async function listActiveJobs(
  db: Db,
  queues: string[],
  staleAfterMs: number,
): Promise<ActiveJob[]> {
  if (queues.length === 0) return [];
  return db
    .select({
      id: bossJobs.id,
      name: bossJobs.name,
      data: bossJobs.data,
      workerId: jobClaims.workerId,
      stale: sql<boolean>`coalesce(${jobWorkers.heartbeatAt}, ${bossJobs.startedOn}) < ${ago(staleAfterMs)}`,
    })
    .from(bossJobs)
    .leftJoin(jobClaims, eq(jobClaims.jobId, bossJobs.id))
    .leftJoin(jobWorkers, eq(jobWorkers.id, jobClaims.workerId))
    .where(and(inArray(bossJobs.name, queues), eq(bossJobs.state, 'active')));
}

/**
 * Puts a running job that was cut off back to run now. The claim is the fence: a claimed job is
 * taken from its worker by deleting the claim (only one caller can), and an unclaimed one only
 * while it is still unclaimed and its run older than `staleAfterMs` (a run fetched again since is
 * younger). With `countAttempt`, the cut-off run counts as one of the job's attempts, and a job
 * with none left fails for good; without, it is as if the run never started. Resolves to the
 * job's new state, null when it was not changed.
 */
export async function requeueJob(
  db: Db,
  job: Pick<ActiveJob, 'id' | 'name' | 'workerId'>,
  options: {
    countAttempt: boolean;
    message: string;
    staleAfterMs: number;
    /** Not before this many seconds from now (default: at once). */
    delaySeconds?: number;
    /** The job's data from now on (default: unchanged). */
    data?: object;
  },
): Promise<'retry' | 'failed' | null> {
  if (job.workerId && !(await releaseClaim(db, job.id, job.workerId))) return null;
  const attemptsLeft = sql`${bossJobs.retryCount} < ${bossJobs.retryLimit}`;
  const [row] = await db
    .update(bossJobs)
    .set({
      state: options.countAttempt
        ? sql`(case when ${attemptsLeft} then 'retry' else 'failed' end)::${sql.raw(JOB_SCHEMA)}.job_state`
        : 'retry',
      // The next fetch counts an attempt only for a job that has started before.
      ...(options.countAttempt ? {} : { startedOn: null }),
      completedOn: options.countAttempt
        ? sql`case when ${attemptsLeft} then null else now() end`
        : null,
      startAfter: sql`now() + ${options.delaySeconds ?? 0} * interval '1 second'`,
      ...(options.data ? { data: options.data } : {}),
      output: { message: options.message },
    })
    .where(
      and(
        eq(bossJobs.name, job.name),
        eq(bossJobs.id, job.id),
        eq(bossJobs.state, 'active'),
        job.workerId
          ? undefined
          : sql`${bossJobs.startedOn} < ${ago(options.staleAfterMs)} and not exists (select 1 from ${jobClaims} where ${jobClaims.jobId} = ${bossJobs.id})`,
      ),
    )
    .returning({ state: bossJobs.state });
  if (!row) return null;
  return row.state === 'failed' ? 'failed' : 'retry';
}

/** How many jobs of these queues are waiting (now or after a failure) or running. */
export async function countUnfinishedJobs(db: Db, queues: string[]): Promise<number> {
  if (queues.length === 0) return 0;
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(bossJobs)
    .where(and(inArray(bossJobs.name, queues), inArray(bossJobs.state, [...UNFINISHED])));
  return row?.count ?? 0;
}

/** Of these jobs of a queue, the ones still to run or running. */
export async function findUnfinishedJobIds(
  db: Db,
  queue: string,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: bossJobs.id })
    .from(bossJobs)
    .where(
      and(
        eq(bossJobs.name, queue),
        inArray(bossJobs.id, ids),
        inArray(bossJobs.state, [...UNFINISHED]),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/**
 * Whether a job of a queue with this singleton key is still to run or running. Built by Drizzle
 * and run through `runner`, the connection that holds the lock the caller looks under.
 */
export async function hasUnfinishedJob(
  db: Db,
  runner: SqlRunner,
  queue: string,
  singletonKey: string,
): Promise<boolean> {
  const query = db
    .select({ id: bossJobs.id })
    .from(bossJobs)
    .where(
      and(
        eq(bossJobs.name, queue),
        eq(bossJobs.singletonKey, singletonKey),
        inArray(bossJobs.state, [...UNFINISHED]),
      ),
    )
    .limit(1)
    .toSQL();
  const { rows } = await runner.executeSql(query.sql, query.params);
  return rows.length > 0;
}

/** A provider's slot, leased to one sync run (`holder`). */
export type SlotLease = { provider: string; slot: number; holder: string };

const leaseEnd = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`;

/** Makes sure a provider has the slots 0 to `limit` - 1 (free unless already there). */
export async function addProviderSlots(db: Db, provider: string, limit: number): Promise<void> {
  const rows = Array.from({ length: limit }, (_, slot) => ({ provider, slot }));
  await db.insert(providerSyncSlots).values(rows).onConflictDoNothing();
}

/**
 * Leases to `holder` a slot of the provider below `limit` that is free or whose lease has run
 * out; null when every one is held. Locked rows are skipped, so that takers at once each get
 * another slot or none.
 */
export async function takeProviderSlot(
  db: Db,
  lease: { provider: string; holder: string; limit: number; leaseMs: number },
): Promise<SlotLease | null> {
  const { provider, holder } = lease;
  const free = db
    .select({ slot: providerSyncSlots.slot })
    .from(providerSyncSlots)
    .where(
      and(
        eq(providerSyncSlots.provider, provider),
        lt(providerSyncSlots.slot, lease.limit),
        or(isNull(providerSyncSlots.holder), lt(providerSyncSlots.leaseUntil, sql`now()`)),
      ),
    )
    .orderBy(providerSyncSlots.slot)
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(providerSyncSlots)
    .set({ holder, leaseUntil: leaseEnd(lease.leaseMs) })
    .where(
      and(eq(providerSyncSlots.provider, provider), eq(providerSyncSlots.slot, sql`(${free})`)),
    )
    .returning({ slot: providerSyncSlots.slot });
  return row ? { provider, slot: row.slot, holder } : null;
}

const heldBy = (lease: SlotLease) =>
  and(
    eq(providerSyncSlots.provider, lease.provider),
    eq(providerSyncSlots.slot, lease.slot),
    eq(providerSyncSlots.holder, lease.holder),
  );

/** Extends a lease; false when the slot is no longer its holder's (it ran out and was taken). */
export async function renewProviderSlot(
  db: Db,
  lease: SlotLease,
  leaseMs: number,
): Promise<boolean> {
  const rows = await db
    .update(providerSyncSlots)
    .set({ leaseUntil: leaseEnd(leaseMs) })
    .where(heldBy(lease))
    .returning({ slot: providerSyncSlots.slot });
  return rows.length > 0;
}

export async function releaseProviderSlot(db: Db, lease: SlotLease): Promise<void> {
  await db.update(providerSyncSlots).set({ holder: null, leaseUntil: null }).where(heldBy(lease));
}
