import type { Db } from '../db/client';
import { listActiveJobs, listWorkers, removeWorkers, requeueJob } from './repository';

export type RecoveredJob = { name: string; data: unknown; state: 'retry' | 'failed' };

/**
 * Puts back to run the jobs that a dead process was running, then forgets the dead workers.
 * pg-boss 10 alone would leave such a job active until its expiry.
 *
 * A worker is dead when it is none of this process's (`alive`) and its heartbeat is stale, or,
 * on PGlite (`onlyProcess`: one process owns the data directory), at all. A job running with no
 * claim (its process died between fetching and claiming it) is an orphan once its run is stale.
 *
 * The cut-off run counts as an attempt, so that a job that kills its process (memory, say) ends
 * failed after its retries instead of taking the server down at every start; but it runs again at
 * once, not after a backoff, since the job did not fail. pg-boss's `fail()` would apply the
 * backoff and would not check that the job is still the one that was cut off.
 */
export async function recoverOrphanedJobs(
  db: Db,
  options: {
    queues: string[];
    alive: ReadonlySet<string>;
    onlyProcess: boolean;
    staleAfterMs: number;
  },
): Promise<RecoveredJob[]> {
  const { queues, alive, onlyProcess, staleAfterMs } = options;
  const workers = await listWorkers(db, staleAfterMs);
  const dead = new Set(
    workers.filter((w) => !alive.has(w.id) && (onlyProcess || w.stale)).map((w) => w.id),
  );
  const active = await listActiveJobs(db, queues, staleAfterMs);
  const orphans = active.filter((job) => (job.workerId ? dead.has(job.workerId) : job.stale));
  const recovered: RecoveredJob[] = [];
  for (const job of orphans) {
    const state = await requeueJob(db, job, {
      countAttempt: true,
      message: 'cut off by the end of its process',
      staleAfterMs,
    });
    if (state) recovered.push({ name: job.name, data: job.data, state });
  }
  await removeWorkers(db, [...dead]);
  return recovered;
}
