import type { Db } from '../db/client';
import type { IntegrationSyncJob, SyncQueue } from '../lib/sync-queue';
import { JobDeferred } from './job-definition';
import type { JobQueue } from './job-queue';
import { ProviderSlots } from './provider-slots';

export type { IntegrationSyncJob, SyncQueue } from '../lib/sync-queue';

/** When syncs fall due; see `IntegrationSyncs.due`. */
export type SyncSchedule = { everyMs: number; leewayMs: number };

/** What the integrations module provides for its syncs to run as jobs. */
export interface IntegrationSyncs {
  /**
   * The connected integrations whose sync is due, the longest unsynced first: each has its own
   * time in every period of `everyMs`, and is due once that time has come round since its last
   * sync (or it never synced); a sync within `leewayMs` before that time stands for it.
   */
  due(db: Db, now: Date, schedule: SyncSchedule): Promise<IntegrationSyncJob[]>;
  /** Does one sync; throws to have the job retried with backoff. */
  run(db: Db, job: IntegrationSyncJob, signal: AbortSignal): Promise<void>;
}

export const INTEGRATION_SYNC_QUEUE = 'integration-sync';
export const INTEGRATION_SYNC_DUE_QUEUE = 'integration-sync-due';

/**
 * Every six hours at its own time, to within the five minutes between looks at what is due; a
 * sync (by hand, say) in the half hour before that time stands for it.
 */
export const SYNC_SCHEDULE: SyncSchedule = { everyMs: 6 * 60 * 60_000, leewayMs: 30 * 60_000 };

/** A sync's job: which one, and how many times it found every slot of its provider held. */
type SyncJobData = IntegrationSyncJob & { waits?: number };

const keyOf = (job: IntegrationSyncJob) => `${job.organizationId}:${job.integrationId}`;

/**
 * How long a sync that found its provider's slots all held waits before it looks again: longer
 * each time (5 s, 10 s, … up to a minute), and spread, so that the waiting ones neither keep the
 * queue busy nor come back together.
 */
const waitSeconds = (waits: number, firstSeconds: number) =>
  firstSeconds * Math.min(2 ** (waits - 1), 12) * (0.75 + Math.random() / 2);

export type SyncOptions = {
  /** Queues the due syncs on the schedule from this process. */
  schedule: boolean;
  /** Syncs of one provider running at once in all processes (SYNC_CONCURRENCY_PER_PROVIDER). */
  perProvider: number;
  /** The first wait of a sync that found no slot free (shorter in tests). */
  firstWaitSeconds?: number;
};

export type SyncJobs = SyncQueue & {
  /** Queues the syncs that are due; what `integration-sync-due` does every 5 minutes. */
  queueDue(now: Date): Promise<{ due: number; queued: number }>;
};

/**
 * Defines the sync queues: `integration-sync`, one job per organisation and integration at a
 * time, worked here only with an implementation, each run holding one of its provider's slots;
 * and with `schedule`, `integration-sync-due`, which queues every 5 minutes the syncs that are
 * due. Returns what the routes call.
 */
export function defineIntegrationSyncs(
  jobs: JobQueue,
  db: Db,
  syncs: IntegrationSyncs | undefined,
  options: SyncOptions,
): SyncJobs {
  const slots = new ProviderSlots(db, options.perProvider);
  const queue = jobs.define<SyncJobData>({
    name: INTEGRATION_SYNC_QUEUE,
    // Stately: at most one waiting and one running per singleton key, never two at once.
    policy: 'stately',
    // Provider APIs have outages and rate limits: five tries over about an hour.
    retryLimit: 5,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 30 * 60,
    concurrency: syncs ? 4 : 0,
    run: async (data, signal) => {
      if (!syncs) throw new Error('no integration syncs in this process');
      const job = { organizationId: data.organizationId, integrationId: data.integrationId };
      const held = await slots.run(job.integrationId, signal, (s) => syncs.run(db, job, s));
      if (held.ran) return job;
      // Every slot held: the job waits its turn, neither failed nor an attempt used.
      const waits = (data.waits ?? 0) + 1;
      throw new JobDeferred(
        waitSeconds(waits, options.firstWaitSeconds ?? 5),
        { ...job, waits },
        `every ${job.integrationId} sync slot is held`,
      );
    },
  });

  const requestSync = async (job: IntegrationSyncJob) => {
    const data = { organizationId: job.organizationId, integrationId: job.integrationId };
    return { queued: await queue.sendUnlessUnfinished(data, keyOf(job)) };
  };

  const queueDue = async (now: Date) => {
    const due = syncs ? await syncs.due(db, now, SYNC_SCHEDULE) : [];
    let queued = 0;
    for (const job of due) if ((await requestSync(job)).queued) queued += 1;
    return { due: due.length, queued };
  };

  if (syncs && options.schedule) {
    jobs.define({
      name: INTEGRATION_SYNC_DUE_QUEUE,
      cron: '*/5 * * * *',
      policy: 'stately',
      retryLimit: 2,
      retryDelaySeconds: 60,
      retryBackoff: true,
      expireInSeconds: 5 * 60,
      run: () => queueDue(new Date()),
    });
  }
  return { requestSync, queueDue };
}
