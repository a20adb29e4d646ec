import type { NudgeContext, NudgeQueue } from '../modules/nudges/context';
import { deliverNudge, nudgeExhausted } from '../modules/nudges/deliver';
import type { JobQueue } from './job-queue';

export const NUDGE_SEND_QUEUE = 'nudge-send';

/**
 * One job per recorded nudge, its id the nudge's, so that a nudge is never queued twice and one
 * process at a time sends it. A provider's temporary failure (a rate limit, an outage) is retried
 * after about a minute, then two, four…; after the last attempt the nudge goes by e-mail.
 */
export function defineNudgeSends(jobs: JobQueue, ctx: () => NudgeContext): NudgeQueue {
  const queue = jobs.define<{ nudgeId: string }>({
    name: NUDGE_SEND_QUEUE,
    policy: 'standard',
    retryLimit: 5,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 5 * 60,
    concurrency: 4,
    run: ({ nudgeId }, signal) => deliverNudge(ctx(), nudgeId, signal),
    exhausted: ({ nudgeId }, err) => nudgeExhausted(ctx(), nudgeId, err),
  });
  return {
    send: async (nudgeId) => {
      await queue.send({ nudgeId }, { id: nudgeId });
    },
  };
}
