import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The server processes working the job queue, each with a heartbeat, and which of them holds
 * which running job: a job held by a process whose heartbeat stopped was cut off by a crash and
 * is put back to run (pg-boss itself would only notice when the job's expiry passes).
 */
export const jobWorkers = pgTable('job_workers', {
  id: uuid('id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A running pg-boss job (`pgboss.job.id`) and the worker running it. */
export const jobClaims = pgTable(
  'job_claims',
  {
    jobId: uuid('job_id').primaryKey(),
    queue: text('queue').notNull(),
    workerId: uuid('worker_id')
      .notNull()
      .references(() => jobWorkers.id, { onDelete: 'cascade' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_claims_worker').on(t.workerId)],
);
