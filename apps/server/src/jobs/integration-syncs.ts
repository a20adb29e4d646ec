import type { Db } from '../db/client';
import type { IntegrationSyncJob, SyncQueue } from '../lib/sync-queue';
import type { JobQueue } from './job-queue';

export type { IntegrationSyncJob, SyncQueue } from '../lib/sync-queue';

/** What the integrations module provides for its syncs to run as jobs. */
export interface IntegrationSyncs {
  /** The connected integrations whose last sync is older than `everyMs` (or never synced). */
  due(db: Db, now: Date, everyMs: number): Promise<IntegrationSyncJob[]>;
  /** Does one sync; throws to have the job retried with backoff. */
  run(db: Db, job: IntegrationSyncJob, signal: AbortSignal): Promise<void>;
}

export const INTEGRATION_SYNC_QUEUE = 'integration-sync';
export const INTEGRATION_SYNC_DUE_QUEUE = 'integration-sync-due';

/** How old an integration's last sync may get before the scheduled job queues a new one. */
export const SYNC_EVERY_MS = 6 * 60 * 60_000;

const keyOf = (job: IntegrationSyncJob) => `${job.organizationId}:${job.integrationId}`;

export type SyncJobs = SyncQueue & {
  /** Queues the syncs that are due; what `integration-sync-due` does every 15 minutes. */
  queueDue(now: Date): Promise<{ due: number; queued: number }>;
};

/**
 * Defines the sync queues: `integration-sync`, one job per organisation and integration at a
 * time, worked here only with an implementation; and with `schedule`, `integration-sync-due`,
 * which queues every 15 minutes the syncs that are due. Returns what the routes call.
 */
export function defineIntegrationSyncs(
  jobs: JobQueue,
  db: Db,
  syncs: IntegrationSyncs | undefined,
  options: { schedule: boolean },
): SyncJobs {
  const queue = jobs.define<IntegrationSyncJob>({
    name: INTEGRATION_SYNC_QUEUE,
    // Stately: at most one waiting and one running per singleton key, never two at once.
    policy: 'stately',
    // Provider APIs have outages and rate limits: five tries over about an hour.
    retryLimit: 5,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 30 * 60,
    concurrency: syncs ? 4 : 0,
    run: async (job, signal) => {
      if (!syncs) throw new Error('no integration syncs in this process');
      await syncs.run(db, job, signal);
      return { organizationId: job.organizationId, integrationId: job.integrationId };
    },
  });

  const requestSync = async (job: IntegrationSyncJob) => {
    const data = { organizationId: job.organizationId, integrationId: job.integrationId };
    return { queued: await queue.sendUnlessUnfinished(data, keyOf(job)) };
  };

  const queueDue = async (now: Date) => {
    const due = syncs ? await syncs.due(db, now, SYNC_EVERY_MS) : [];
    let queued = 0;
    for (const job of due) if ((await requestSync(job)).queued) queued += 1;
    return { due: due.length, queued };
  };

  if (syncs && options.schedule) {
    jobs.define({
      name: INTEGRATION_SYNC_DUE_QUEUE,
      cron: '*/15 * * * *',
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
