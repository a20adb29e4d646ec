import type { Db } from '../db/client';
import type { NudgeContext } from '../modules/nudges/context';
import { deliverWatchAlert } from '../modules/watch/alerts';
import type { CtSearch } from '../modules/watch/ct-search';
import type { WatchAlertQueue } from '../modules/watch/record-changes';
import { type CtSearchQueue, giveUpCtSearch, runCtSearch } from '../modules/watch/suggestions';
import type { JobQueue } from './job-queue';

export const WATCH_ALERT_QUEUE = 'watch-alert';
export const WATCH_CT_SEARCH_QUEUE = 'watch-ct-search';

/**
 * One job per change for the worse, its id the change's, so that a change is alerted once
 * whatever the number of processes; a channel's outage is retried with backoff.
 */
export function defineWatchAlerts(jobs: JobQueue, ctx: () => NudgeContext): WatchAlertQueue {
  const queue = jobs.define<{ changeId: string }>({
    name: WATCH_ALERT_QUEUE,
    policy: 'standard',
    retryLimit: 5,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 5 * 60,
    concurrency: 2,
    run: ({ changeId }, signal) => deliverWatchAlert(ctx(), changeId, signal),
  });
  return {
    send: async (changeId) => {
      await queue.send({ changeId }, { id: changeId });
    },
  };
}

/**
 * A certificate transparency search per request; one at a time per process (crt.sh asks for
 * gentle clients, and the client keeps its own gap between requests).
 */
export function defineCtSearches(jobs: JobQueue, db: Db, search: CtSearch): CtSearchQueue {
  const queue = jobs.define<{ organizationId: string }>({
    name: WATCH_CT_SEARCH_QUEUE,
    policy: 'standard',
    retryLimit: 2,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: 5 * 60,
    concurrency: 1,
    run: ({ organizationId }, signal) => runCtSearch(db, search, organizationId, signal),
    exhausted: ({ organizationId }) => giveUpCtSearch(db, organizationId),
  });
  return {
    send: async (organizationId) => {
      await queue.send({ organizationId });
    },
  };
}
