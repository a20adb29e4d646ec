// The server's background work, in one place: the scheduled jobs and the scan runner. Jobs only
// schedule and run; what they do lives in the modules (jobs import modules, never the reverse).
import { type ScannerOverrides, scannerOptions } from '@castellan/scanner';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { purgeOldAnalyticsEvents } from '../modules/analytics/retention';
import { snapshotScores } from '../modules/score/service';
import { deleteExpiredSessions } from '../modules/sessions/repository';
import { startPeriodicJob } from './periodic-job';
import { ScanRunner } from './scan-runner';

export { ScanRunner } from './scan-runner';

const MINUTE = 60_000;

/** A job run a second after start and then every `everyMs`; it must be idempotent. */
export type ScheduledJob = {
  name: string;
  everyMs: number;
  /** Does the work; what it resolves to is logged at debug level. */
  run: (db: Db, config: Config) => Promise<Record<string, unknown>>;
};

export const SCHEDULED_JOBS: readonly ScheduledJob[] = [
  {
    // Keeps today's score snapshot of every organisation; a later run of the day replaces it.
    // Hourly, so that a restart or a new day never leaves a day without a snapshot for long.
    name: 'score snapshots',
    everyMs: 60 * MINUTE,
    run: async (db) => ({ organizations: await snapshotScores(db) }),
  },
  {
    // A dead session is refused when used anyway; this only keeps the table from growing.
    name: 'expired sessions purge',
    everyMs: 15 * MINUTE,
    run: async (db, config) => ({
      sessions: await deleteExpiredSessions(db, config.session.idleMs),
    }),
  },
  {
    name: 'analytics purge',
    everyMs: 6 * 60 * MINUTE,
    run: async (db) => ({ events: await purgeOldAnalyticsEvents(db) }),
  },
];

/**
 * Starts the scheduled jobs in this process. Returns a function that stops them and waits for
 * the runs in progress (call it before the database closes).
 */
export function startJobs(
  db: Db,
  config: Config,
  log: FastifyBaseLogger,
  jobs: readonly ScheduledJob[] = SCHEDULED_JOBS,
): () => Promise<void> {
  const stops = jobs.map((job) =>
    startPeriodicJob(job.name, () => job.run(db, config), log, job.everyMs),
  );
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}

/** The scan runner the configuration asks for; tests may point its scanner elsewhere. */
export function createScanRunner(
  db: Db,
  config: Config,
  log: FastifyBaseLogger,
  overrides: ScannerOverrides = {},
): ScanRunner {
  return new ScanRunner(db, scannerOptions(config.scan, overrides), log, config.scan.publicCaps);
}
