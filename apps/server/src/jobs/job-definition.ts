/** A queue of durable jobs: its policies in the database, and what a job of it does here. */
export type JobDefinition<T extends object> = {
  /** The queue's name, which is also its schedule's. */
  name: string;
  /**
   * pg-boss's queue policy: `standard` runs every job sent; `stately` keeps at most one job per
   * singleton key waiting and one running, so that a duplicate is not added and never runs at the
   * same time; `singleton` keeps at most one per key running.
   */
  policy: 'standard' | 'stately' | 'singleton';
  /** Attempts after the first one fails (or is cut off by a crash). */
  retryLimit: number;
  /** The wait before a retry; with `retryBackoff`, it roughly doubles with each attempt. */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** A run is given up (and retried) after this long; its handler's signal fires then. */
  expireInSeconds: number;
  /** Jobs this process runs at once (default 1); 0 when this process only sends them. */
  concurrency?: number;
  /** When set, the job is sent on this cron schedule (UTC), once per period across processes. */
  cron?: string;
  /**
   * Does the job; throws to have it retried. `signal` fires on shutdown and at expiry. What it
   * resolves to is kept as the job's output and logged at debug level.
   */
  run(data: T, signal: AbortSignal): Promise<Record<string, unknown> | undefined>;
  /** Called once when a job will not be tried again: its last attempt failed or was cut off. */
  exhausted?(data: T, error: unknown): Promise<void>;
};

/**
 * Thrown by a job that cannot run yet (a limit shared with other processes is reached): the job
 * goes back to its queue, to run after `seconds`, as if it had not started (no attempt used),
 * with `data` from then on. It keeps its place as its key's one waiting job.
 */
export class JobDeferred extends Error {
  constructor(
    readonly seconds: number,
    readonly data: object,
    reason: string,
  ) {
    super(reason);
  }
}
