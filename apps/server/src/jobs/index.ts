// The server's background work, in one place: the job queue, the domain scans, the integration
// syncs and the scheduled jobs. Jobs only queue and run; what they do lives in the modules (jobs
// import modules, never the reverse).
import { type ScannerOverrides, scannerOptions } from '@castellan/scanner';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { resolveEncryptionKey } from '../lib/encryption-key';
import { SecretBox } from '../lib/secret-box';
import type { SyncQueue } from '../lib/sync-queue';
import { judgeDevices } from '../modules/devices/judge-devices';
import type { MailContext } from '../modules/mail/context';
import { createMailer } from '../modules/mail/mailer';
import { UnsubscribeTokens } from '../modules/mail/unsubscribe-token';
import type { NudgeContext } from '../modules/nudges/context';
import type { BackgroundScans } from '../modules/risk-analysis/background-scans';
import { ctSearch } from '../modules/watch/ct-search';
import { recordWatchChanges } from '../modules/watch/record-changes';
import type { CtSearchQueue } from '../modules/watch/suggestions';
import { DomainScans } from './domain-scans';
import { defineIntegrationSyncs, type IntegrationSyncs } from './integration-syncs';
import { JobQueue, type QueueTiming } from './job-queue';
import { defineMailSends } from './mail-sends';
import { defineNudgeRuns, NUDGE_SPREAD_SECONDS, type NudgeRuns } from './nudge-runs';
import { defineNudgeSends } from './nudge-sends';
import { SCHEDULED_JOBS, scheduledJobDefinition } from './scheduled-jobs';
import { defineCtSearches, defineWatchAlerts } from './watch';

export type { IntegrationSyncJob, IntegrationSyncs, SyncQueue } from './integration-syncs';
export type { QueueTiming } from './job-queue';
export { SCHEDULED_JOBS, type ScheduledJob } from './scheduled-jobs';

export type JobsOptions = {
  /** Runs the scheduled jobs (and the queuing of due syncs) from this process; off in tests. */
  schedule?: boolean;
  /** Works the queues (on by default); off, this process only sends jobs (ROLE=web). */
  work?: boolean;
  /** Without it, syncs can be queued but this process runs none. */
  integrationSyncs?: IntegrationSyncs;
  /** Points the scanner elsewhere (tests). */
  scanner?: ScannerOverrides;
  /** Shorter intervals (tests). */
  timing?: Partial<QueueTiming>;
  /** Signs the unsubscribe links of the mail the jobs compose (by default with the app's key). */
  unsubscribeTokens?: UnsubscribeTokens;
  /** No wait between certificate transparency requests (tests). */
  ctMinGapMs?: number;
  /**
   * How much of the hour the scheduled nudge runs are spread over (NUDGE_SPREAD_SECONDS; 0 in
   * tests that run the schedule, which wait for every queued job).
   */
  nudgeSpreadSeconds?: number;
};

export type Jobs = {
  readonly scans: BackgroundScans;
  readonly syncs: SyncQueue;
  /** What composing and queuing mail needs, its queue included. */
  readonly mail: MailContext;
  /** What the nudge run and its sends need, their queue included. */
  readonly nudges: NudgeContext;
  /** The hourly nudge run, one job per organisation (the schedule queues them). */
  readonly nudgeRuns: NudgeRuns;
  /** Certificate transparency searches for the watch's suggestions. */
  readonly ctSearches: CtSearchQueue;
  /** Resolves when no job is waiting or running in the queues this process works (tests). */
  drained(): Promise<void>;
  /** Stops taking jobs and waits (bounded) for the running ones; call before the database closes. */
  stop(): Promise<void>;
};

/**
 * Starts this process's share of the background work on the app's database: its workers fetch
 * jobs from the queues shared by every process, and jobs cut off by a dead process run again.
 */
export async function startJobs(
  database: Database,
  config: Config,
  log: FastifyBaseLogger,
  options: JobsOptions = {},
): Promise<Jobs> {
  const { db } = database;
  const schedule = options.schedule ?? false;
  const queue = new JobQueue(database, log, options.timing);
  const scanner = scannerOptions(config.scan, options.scanner ?? {});
  const syncs = defineIntegrationSyncs(queue, db, options.integrationSyncs, {
    schedule,
    perProvider: config.syncs.concurrencyPerProvider,
  });
  const mailer = createMailer(config, log);
  const key = resolveEncryptionKey(config).key;
  const mail: MailContext = {
    db,
    config,
    queue: defineMailSends(queue, db, mailer),
    tokens: options.unsubscribeTokens ?? new UnsubscribeTokens(key),
    log,
  };
  const nudges: NudgeContext = {
    db,
    config,
    box: new SecretBox(key),
    log,
    devices: { judge: judgeDevices },
    mail,
    queue: defineNudgeSends(queue, () => nudges),
  };
  const nudgeRuns = defineNudgeRuns(
    queue,
    db,
    () => nudges,
    options.nudgeSpreadSeconds ?? NUDGE_SPREAD_SECONDS,
  );
  const watchAlerts = defineWatchAlerts(queue, () => nudges);
  const ctSearches = defineCtSearches(
    queue,
    db,
    ctSearch({ baseUrl: config.watch.ctBaseUrl, minGapMs: options.ctMinGapMs }),
  );
  const scans = new DomainScans(
    queue,
    db,
    scanner,
    log,
    { ...config.scan.publicCaps, scheduled: config.watch.scanConcurrency },
    (outcome) => recordWatchChanges(db, watchAlerts, outcome),
  );
  const scheduled = schedule
    ? SCHEDULED_JOBS.map((job) => ({
        job,
        queue: queue.define(
          scheduledJobDefinition(job, db, config, { scans, mail, nudges, nudgeRuns }),
        ),
      }))
    : [];
  try {
    await queue.start({ work: options.work ?? true });
    const failed = await scans.failAbandoned();
    if (failed > 0) log.warn({ scans: failed }, 'marked interrupted scans as failed');
    for (const { job, queue: jobQueue } of scheduled) {
      if (await job.dueAtStart?.(db, config)) await jobQueue.send({ atStart: true });
    }
  } catch (err) {
    await queue.stop().catch(() => {});
    mailer.close();
    throw err;
  }
  return {
    scans,
    syncs,
    mail,
    nudges,
    nudgeRuns,
    ctSearches,
    drained: () => queue.drained(),
    stop: async () => {
      await queue.stop();
      mailer.close();
    },
  };
}
