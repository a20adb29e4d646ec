import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database, Db } from '../db/client';
import type { JobDefinition } from './job-definition';
import { recoverOrphanedJobs } from './orphaned-jobs';
import { QueueWorker, reportExhausted, STOPPED } from './queue-worker';
import {
  beat,
  countUnfinishedJobs,
  findUnfinishedJobIds,
  hasUnfinishedJob,
  JOB_SCHEMA,
  removeWorkers,
  requeueJob,
} from './repository';

export type QueueTiming = {
  /** How often an idle queue looks for jobs (a job sent by this process wakes it at once). */
  pollMs: number;
  /** How often this process proves it is alive and looks for jobs cut off by a dead one. */
  heartbeatMs: number;
  /** A process silent for longer is dead, and the jobs it was running are run again. */
  staleAfterMs: number;
  /** How long `stop()` waits for running jobs; those still running are then queued again. */
  stopTimeoutMs: number;
  /** How often the cron schedules are looked at (pg-boss allows 1 to 45 s). */
  cronCheckSeconds: number;
};

export const DEFAULT_TIMING: QueueTiming = {
  pollMs: 2_000,
  heartbeatMs: 30_000,
  staleAfterMs: 60_000,
  stopTimeoutMs: 30_000,
  cronCheckSeconds: 30,
};

export type SendOptions = {
  id?: string;
  singletonKey?: string;
  /** Seconds from now before the job may start (0: at once). */
  startAfter?: number;
};

/** A queue as its users see it: send a job. */
export type Queue<T extends object> = {
  name: string;
  /**
   * Sends a job; null when none was added (an `id` already used in the queue, or for a stately
   * queue, a job with the same `singletonKey` already waiting).
   */
  send(data: T, options?: SendOptions): Promise<string | null>;
  /**
   * Sends a job unless one with the same singleton key is still waiting or running; resolves to
   * whether it was added. (Stately alone lets one wait behind a running one.)
   */
  sendUnlessUnfinished(data: T, singletonKey: string): Promise<boolean>;
};

/** The workers running in this process, per database: on PGlite every other one is dead. */
const aliveByDb = new WeakMap<Db, Set<string>>();

/**
 * Durable jobs on the app's database with pg-boss: on PostgreSQL through a small pool of its own,
 * on PGlite through the app's single connection. Define the queues, `start()`, send jobs,
 * `stop()` before the database closes.
 */
export class JobQueue {
  readonly workerId = randomUUID();
  private readonly identity = { id: this.workerId, host: hostname(), pid: process.pid };
  private readonly timing: QueueTiming;
  private readonly definitions = new Map<string, JobDefinition<object>>();
  private readonly workers = new Map<string, QueueWorker>();
  private readonly shutdown = new AbortController();
  private readonly alive: Set<string>;
  private boss: PgBoss | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private maintaining: Promise<void> | null = null;
  private stopped: Promise<void> | null = null;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    timing: Partial<QueueTiming> = {},
  ) {
    this.timing = { ...DEFAULT_TIMING, ...timing };
    const alive = aliveByDb.get(database.db) ?? new Set();
    aliveByDb.set(database.db, alive);
    this.alive = alive;
  }

  private get db(): Db {
    return this.database.db;
  }

  define<T extends object>(definition: JobDefinition<T>): Queue<T> {
    if (this.boss) throw new Error(`queue ${definition.name} defined after start()`);
    if (this.definitions.has(definition.name)) throw new Error(`queue ${definition.name} twice`);
    this.definitions.set(definition.name, definition as JobDefinition<object>);
    const { name } = definition;
    return {
      name,
      send: (data, options) => this.send(name, data, options),
      sendUnlessUnfinished: (data, singletonKey) =>
        this.sendUnlessUnfinished(name, data, singletonKey),
    };
  }

  /** Starts the queue; without `work`, only to send jobs: no worker fetches any. */
  async start({ work = true }: { work?: boolean } = {}): Promise<void> {
    const definitions = [...this.definitions.values()];
    const boss = new PgBoss({
      ...(this.database.url
        ? { connectionString: this.database.url, max: 4, application_name: 'castellan-jobs' }
        : { db: { executeSql: this.database.executeSql } }),
      schema: JOB_SCHEMA,
      schedule: definitions.some((d) => d.cron),
      cronMonitorIntervalSeconds: this.timing.cronCheckSeconds,
      cronWorkerIntervalSeconds: Math.min(5, this.timing.cronCheckSeconds),
    });
    boss.on('error', (err) => this.log.error({ err }, 'job queue error'));
    this.boss = boss;
    // Processes starting together would deadlock creating the same queues: one at a time.
    await this.database.exclusively(async () => {
      await boss.start();
      for (const definition of definitions) {
        const policy = {
          name: definition.name,
          policy: definition.policy,
          retryLimit: definition.retryLimit,
          retryDelay: definition.retryDelaySeconds,
          retryBackoff: definition.retryBackoff,
          expireInSeconds: definition.expireInSeconds,
        };
        // Created once per database; updated at every start, so that changed policies apply.
        await boss.createQueue(definition.name, policy);
        await boss.updateQueue(definition.name, policy);
        if (definition.cron)
          await boss.schedule(definition.name, definition.cron, {}, { tz: 'UTC' });
      }
    });
    this.alive.add(this.workerId);
    await beat(this.db, this.identity);
    await this.maintain();
    for (const definition of work ? definitions : []) {
      if (definition.concurrency === 0) continue;
      const worker = new QueueWorker(definition, {
        boss,
        db: this.db,
        workerId: this.workerId,
        log: this.log,
        pollMs: this.timing.pollMs,
        shutdown: this.shutdown.signal,
      });
      this.workers.set(definition.name, worker);
      worker.start();
    }
    this.heartbeat = setInterval(() => this.tick(), this.timing.heartbeatMs);
    this.heartbeat.unref();
  }

  /**
   * Resolves when no job of the queues this process works is waiting or running (a job waiting
   * for a retry included). For tests: it looks after 20 ms, then less and less often, up to every
   * 200 ms. Each look has every worker fetch, a query per queue: looking every 20 ms while a
   * domain scan ran kept the event loop so busy on a loaded machine that the scan fixtures' servers
   * (in the same process) missed the probes' limits, even of 15 s; the scan took 22–34 s and
   * graded good.test D. Looking less often, the same scan took under 2 s.
   */
  async drained(): Promise<void> {
    const names = [...this.workers.keys()];
    for (let wait = 20; ; wait = Math.min(wait * 2, 200)) {
      for (const worker of this.workers.values()) worker.notify();
      const busy = [...this.workers.values()].some((w) => w.busy);
      if (!busy && (await countUnfinishedJobs(this.db, names)) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  /** Of these jobs of a queue, the ones still to run or running. */
  unfinished(queue: string, ids: string[]): Promise<Set<string>> {
    return findUnfinishedJobIds(this.db, queue, ids);
  }

  /**
   * Stops fetching, fires the handlers' signal and waits (up to `stopTimeoutMs`) for them; jobs
   * still running then are queued again for another process or the next start. Call it before
   * the database closes.
   */
  stop(): Promise<void> {
    this.stopped ??= this.shutDown();
    return this.stopped;
  }

  private async send(
    name: string,
    data: object,
    options: SendOptions = {},
  ): Promise<string | null> {
    if (!this.boss || this.stopped) throw new Error(`the job queue is not running (${name})`);
    const id = await this.boss.send(name, data, options);
    this.workers.get(name)?.notify();
    return id;
  }

  private async sendUnlessUnfinished(
    name: string,
    data: object,
    singletonKey: string,
  ): Promise<boolean> {
    if (!this.boss || this.stopped) throw new Error(`the job queue is not running (${name})`);
    const boss = this.boss;
    // Looked at and sent under one lock: two requests at once cannot both find none.
    const id = await this.database.serialized(`job:${name}:${singletonKey}`, async (sql) => {
      if (await hasUnfinishedJob(this.db, sql, name, singletonKey)) return null;
      return boss.send(name, data, { singletonKey, db: sql });
    });
    if (id) this.workers.get(name)?.notify();
    return id !== null;
  }

  private tick(): void {
    if (this.maintaining) return;
    this.maintaining = beat(this.db, this.identity)
      .then(() => this.maintain())
      .catch((err: unknown) => this.log.error({ err }, 'job queue heartbeat failed'))
      .finally(() => {
        this.maintaining = null;
      });
  }

  private async maintain(): Promise<void> {
    const recovered = await recoverOrphanedJobs(this.db, {
      queues: [...this.definitions.keys()],
      alive: this.alive,
      onlyProcess: this.database.kind === 'pglite',
      staleAfterMs: this.timing.staleAfterMs,
    });
    if (recovered.length === 0) return;
    this.log.warn(
      { jobs: recovered.map(({ name, state }) => ({ queue: name, state })) },
      'jobs cut off by the end of their process: queued again',
    );
    for (const job of recovered) {
      const definition = this.definitions.get(job.name);
      if (definition && job.state === 'failed') {
        const error = new Error('cut off by the end of its process, with no attempt left');
        await reportExhausted(definition, job.data as object, error, this.log);
      }
      this.workers.get(job.name)?.notify();
    }
  }

  private async shutDown(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.shutdown.abort();
    await this.maintaining;
    const workers = [...this.workers.values()];
    await Promise.all(workers.map((w) => w.stop(this.timing.stopTimeoutMs)));
    for (const [name, worker] of this.workers) {
      for (const id of worker.runningJobIds()) {
        this.log.warn({ queue: name, jobId: id }, 'job still running at shutdown: queued again');
        await requeueJob(this.db, { id, name, workerId: this.workerId }, STOPPED).catch(
          (err: unknown) => this.log.error({ err, jobId: id }, 'could not queue a job again'),
        );
      }
    }
    // Never throws: the database must still close after it.
    await this.boss
      ?.stop({ graceful: false, close: true })
      .catch((err: unknown) => this.log.error({ err }, 'the job queue did not stop cleanly'));
    await removeWorkers(this.db, [this.workerId]).catch((err: unknown) =>
      this.log.error({ err }, 'could not unregister the job worker'),
    );
    this.alive.delete(this.workerId);
  }
}
