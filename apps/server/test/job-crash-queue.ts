import type { JobDefinition } from '../src/jobs/job-definition';
import type { QueueTiming } from '../src/jobs/job-queue';

/** The queue of the crash-recovery tests, as both the killed process and its successor define it. */
export const CRASH_QUEUE = 'crash-test';

/** A heartbeat every 200 ms, dead after a second of silence. */
export const CRASH_TIMING: Partial<QueueTiming> = {
  pollMs: 100,
  heartbeatMs: 200,
  staleAfterMs: 1_000,
};

export function crashQueue(run: JobDefinition<object>['run']): JobDefinition<object> {
  return {
    name: CRASH_QUEUE,
    policy: 'standard',
    retryLimit: 2,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: 600,
    run,
  };
}
