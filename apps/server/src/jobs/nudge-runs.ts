import type { Db } from '../db/client';
import type { NudgeContext } from '../modules/nudges/context';
import { listNudgingOrganizationIds, runNudgesFor } from '../modules/nudges/daily-run';
import type { JobQueue } from './job-queue';

export const NUDGE_RUN_QUEUE = 'nudge-run';

export type NudgeRuns = {
  /** Queues the run of every organisation that nudges, for the hour of `now`. */
  queueAll(now?: Date): Promise<{ organizations: number; queued: number }>;
};

/**
 * The hourly nudge run as one job per organisation, shared by every worker: an organisation of
 * thousands runs beside the small ones instead of ahead of them, and more workers finish the hour
 * sooner. Stately by organisation: a run that has not started yet is not queued twice. A job
 * works at the time it was queued for (a few minutes late, it is still that hour's run); the
 * nudges' records are unique per person and day, so a run done twice sends nothing more.
 */
export function defineNudgeRuns(jobs: JobQueue, db: Db, ctx: () => NudgeContext): NudgeRuns {
  const queue = jobs.define<{ organizationId: string; at: string }>({
    name: NUDGE_RUN_QUEUE,
    policy: 'stately',
    retryLimit: 2,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 10 * 60,
    concurrency: 2,
    run: async ({ organizationId, at }) => ({
      ...(await runNudgesFor(ctx(), organizationId, new Date(at))),
    }),
  });
  return {
    queueAll: async (now = new Date()) => {
      const organizations = await listNudgingOrganizationIds(db);
      const at = now.toISOString();
      let queued = 0;
      for (const id of organizations) {
        if (await queue.send({ organizationId: id, at }, { singletonKey: id })) queued += 1;
      }
      return { organizations: organizations.length, queued };
    },
  };
}
