import { createHash } from 'node:crypto';
import type { Db } from '../db/client';
import type { NudgeContext } from '../modules/nudges/context';
import { listNudgingOrganizationIds, runNudgesFor } from '../modules/nudges/daily-run';
import type { JobQueue } from './job-queue';

export const NUDGE_RUN_QUEUE = 'nudge-run';

/**
 * The hourly schedule's runs start over this much of the hour, each organisation at its own
 * moment, so that ten thousand organisations are not one burst at the top of the hour.
 */
export const NUDGE_SPREAD_SECONDS = 40 * 60;

export type NudgeRuns = {
  /**
   * Queues the run of every organisation that nudges, for the hour of `now`: at once, or with
   * `spread`, each organisation at its own moment of the spread (the same moment every hour).
   */
  queueAll(
    now?: Date,
    options?: { spread?: boolean },
  ): Promise<{ organizations: number; queued: number }>;
};

/** Where in [0, 1) an organisation's moment falls: a hash of its id, stable across processes. */
export function spreadFraction(organizationId: string): number {
  return createHash('sha256').update(organizationId).digest().readUInt32BE(0) / 2 ** 32;
}

/**
 * The hourly nudge run as one job per organisation, shared by every worker: an organisation of
 * thousands runs beside the small ones instead of ahead of them, and more workers finish the hour
 * sooner. Stately by organisation: a run that has not started yet is not queued twice. A job
 * works at the time it was queued for (started later in the hour, by the spread or a busy queue,
 * it is still that hour's run, so 17:00 stays the end of the working day); the
 * nudges' records are unique per person and day, so a run done twice sends nothing more.
 */
export function defineNudgeRuns(
  jobs: JobQueue,
  db: Db,
  ctx: () => NudgeContext,
  spreadSeconds: number,
): NudgeRuns {
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
    queueAll: async (now = new Date(), { spread = false } = {}) => {
      const organizations = await listNudgingOrganizationIds(db);
      const at = now.toISOString();
      let queued = 0;
      for (const id of organizations) {
        const startAfter = spread ? Math.floor(spreadFraction(id) * spreadSeconds) : 0;
        if (await queue.send({ organizationId: id, at }, { singletonKey: id, startAfter })) {
          queued += 1;
        }
      }
      return { organizations: organizations.length, queued };
    },
  };
}
