import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Db } from '../db/client';
import { JobDeferred, type JobDefinition } from './job-definition';
import { claimJob, releaseClaim, requeueJob } from './repository';

type Context = {
  boss: PgBoss;
  db: Db;
  workerId: string;
  log: FastifyBaseLogger;
  pollMs: number;
  /** Fires when the process shuts down; handlers are given it. */
  shutdown: AbortSignal;
};

/**
 * Works one queue in this process: fetches up to `concurrency` jobs at a time (pg-boss's
 * `FOR UPDATE SKIP LOCKED`, so no two processes get the same job), claims each for this worker,
 * runs it, and records the outcome, unless the claim was taken from it meanwhile.
 *
 * Our own loop over `boss.fetch()` rather than pg-boss's `work()`: it records the claim before a
 * job runs, hands the handler a signal, and lets `stop()` wait for the handlers it started.
 */
export class QueueWorker {
  private readonly running = new Map<string, Promise<void>>();
  private wake: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  private stopping = false;

  constructor(
    private readonly definition: JobDefinition<object>,
    private readonly ctx: Context,
  ) {}

  start(): void {
    this.loop = this.fetchLoop();
  }

  /** Looks for jobs now rather than at the next poll. */
  notify(): void {
    this.wake?.();
  }

  get busy(): boolean {
    return this.running.size > 0;
  }

  /** Stops fetching and waits up to `timeoutMs` for the jobs running here to end. */
  async stop(timeoutMs: number): Promise<void> {
    this.stopping = true;
    this.notify();
    await this.loop;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    await Promise.race([Promise.allSettled(this.running.values()), timeout]);
    clearTimeout(timer);
  }

  /** The ids of the jobs running here (after `stop()`: the ones that did not end in time). */
  runningJobIds(): string[] {
    return [...this.running.keys()];
  }

  private async fetchLoop(): Promise<void> {
    const { boss, log } = this.ctx;
    const { name, concurrency = 1 } = this.definition;
    while (!this.stopping) {
      const free = concurrency - this.running.size;
      if (free > 0) {
        try {
          const jobs = await boss.fetch<object>(name, { batchSize: free, includeMetadata: true });
          for (const job of jobs) this.begin(job);
        } catch (err) {
          log.error({ err, queue: name }, 'could not fetch jobs');
        }
      }
      if (!this.stopping) await this.pause();
    }
  }

  /** Until the poll interval passes, a job ends, or `notify()`. */
  private pause(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.wake?.(), this.ctx.pollMs);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
    });
  }

  private begin(job: PgBoss.JobWithMetadata<object>): void {
    const done = this.execute(job)
      .catch((err: unknown) =>
        this.ctx.log.error({ err, queue: job.name, jobId: job.id }, 'job bookkeeping failed'),
      )
      .finally(() => {
        this.running.delete(job.id);
        this.notify();
      });
    this.running.set(job.id, done);
  }

  private async execute(job: PgBoss.JobWithMetadata<object>): Promise<void> {
    const { boss, db, workerId, log, shutdown } = this.ctx;
    const { name } = this.definition;
    await claimJob(db, { jobId: job.id, queue: name, workerId });
    if (shutdown.aborted) {
      // Fetched as the process began to stop: not started, so back for another process.
      await requeueJob(db, { id: job.id, name, workerId }, STOPPED);
      return;
    }
    const expiry = new AbortController();
    const timer = setTimeout(
      () => expiry.abort(new Error(`the job ran past its ${this.definition.expireInSeconds} s`)),
      this.definition.expireInSeconds * 1000,
    );
    const signal = AbortSignal.any([shutdown, expiry.signal]);
    try {
      const handler = this.definition.run(job.data, signal);
      // Past its expiry a job is given up even if its handler ignores the signal; the handler
      // failing after that must not be an unhandled rejection (it would end the process).
      handler.catch(() => {});
      const output = await Promise.race([handler, rejectWhenAborted(expiry.signal)]);
      if (await releaseClaim(db, job.id, workerId)) {
        await boss.complete(name, job.id, output ?? undefined);
        log.debug({ queue: name, jobId: job.id, ...output }, 'job done');
      } else {
        log.warn({ queue: name, jobId: job.id }, 'job ended after another worker took it over');
      }
    } catch (err) {
      if (err instanceof JobDeferred) {
        log.debug({ queue: name, jobId: job.id, seconds: err.seconds }, err.message);
        await requeueJob(
          db,
          { id: job.id, name, workerId },
          {
            countAttempt: false,
            message: err.message,
            staleAfterMs: 0,
            delaySeconds: err.seconds,
            data: err.data,
          },
        );
        return;
      }
      if (shutdown.aborted && !expiry.signal.aborted) {
        // Stopped with the process, not failed: it runs again, as if it had not started.
        log.info({ queue: name, jobId: job.id }, 'job stopped by shutdown; queued again');
        await requeueJob(db, { id: job.id, name, workerId }, STOPPED);
        return;
      }
      if (!(await releaseClaim(db, job.id, workerId))) return;
      const last = job.retryCount >= job.retryLimit;
      log[last ? 'error' : 'warn'](
        { err, queue: name, jobId: job.id, attempt: job.retryCount + 1 },
        last ? 'job failed for good' : 'job failed; it will be retried',
      );
      if (last) await reportExhausted(this.definition, job.data, err, log);
      await boss.fail(name, job.id, err instanceof Error ? err : { message: String(err) });
    } finally {
      clearTimeout(timer);
    }
  }
}

/** How a job stopped by a shutdown is put back: to run again as if it had not started. */
export const STOPPED = { countAttempt: false, message: 'stopped by a shutdown', staleAfterMs: 0 };

/** Tells a queue that a job will not run again; a failure there is logged, not thrown. */
export async function reportExhausted(
  definition: JobDefinition<object>,
  data: object,
  error: unknown,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    await definition.exhausted?.(data, error);
  } catch (err) {
    log.error({ err, queue: definition.name }, 'could not record a job that failed for good');
  }
}

function rejectWhenAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}
