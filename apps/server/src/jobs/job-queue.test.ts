import { afterEach, describe, expect, it, vi } from 'vitest';
import { silentLog } from '../../test/silent-log';
import { type DatabaseLocation, databaseKinds, freshDatabaseLocation } from '../../test/test-app';
import type { Database } from '../db/client';
import type { JobDefinition } from './job-definition';
import { JobQueue, type QueueTiming } from './job-queue';

const FAST: Partial<QueueTiming> = { pollMs: 100, cronCheckSeconds: 1, stopTimeoutMs: 5_000 };

const policy = {
  policy: 'standard',
  retryLimit: 0,
  retryDelaySeconds: 1,
  retryBackoff: false,
  expireInSeconds: 60,
} as const;

type Job = { state: string; retryCount: number; startedOn: Date | null; output: unknown };

/** A job's row as pg-boss keeps it. */
async function jobRow(database: Database, id: string): Promise<Job | undefined> {
  const { rows } = await database.executeSql(
    `select state, retry_count as "retryCount", started_on as "startedOn", output
     from pgboss.job where id = $1`,
    [id],
  );
  return rows[0] as Job | undefined;
}

describe.each(databaseKinds())('the job queue on %s', (kind) => {
  let location: DatabaseLocation | undefined;
  const opened: Database[] = [];
  const queues: JobQueue[] = [];

  /** A queue on the test's database, as a server process would start it. */
  async function startQueue(definitions: JobDefinition<object>[], timing = FAST) {
    location ??= await freshDatabaseLocation(kind);
    // In memory, every open() is a new database: one process, one database.
    const database = location.target === null && opened[0] ? opened[0] : await location.open();
    if (!opened.includes(database)) opened.push(database);
    const queue = new JobQueue(database, silentLog(), timing);
    const handles = definitions.map((d) => queue.define(d));
    await queue.start();
    queues.push(queue);
    return { queue, database, handles };
  }

  afterEach(async () => {
    for (const queue of queues.splice(0)) await queue.stop();
    for (const database of opened.splice(0)) await database.close();
    await location?.dispose();
    location = undefined;
  });

  it('retries a failing job with a growing delay, until it succeeds', async () => {
    const attempts: number[] = [];
    const { queue, database, handles } = await startQueue([
      {
        ...policy,
        name: 'flaky',
        retryLimit: 3,
        retryBackoff: true,
        run: async () => {
          attempts.push(Date.now());
          if (attempts.length < 3) throw new Error(`attempt ${attempts.length} fails`);
          return { attempts: attempts.length };
        },
      },
    ]);
    const id = await handles[0]?.send({});
    await queue.drained();

    expect(attempts).toHaveLength(3);
    // The retry delay of 1 s doubles with each attempt (plus up to as much again at random).
    const [first = 0, second = 0, third = 0] = attempts;
    expect(second - first).toBeGreaterThanOrEqual(1_000);
    expect(third - second).toBeGreaterThanOrEqual(2_000);
    expect(await jobRow(database, id ?? '')).toMatchObject({
      state: 'completed',
      retryCount: 2,
      output: { attempts: 3 },
    });
  });

  it('fails a job for good after its last retry, and says so once', async () => {
    const exhausted = vi.fn(async () => {});
    const { queue, database, handles } = await startQueue([
      {
        ...policy,
        name: 'hopeless',
        retryLimit: 1,
        run: async () => {
          throw new Error('never works');
        },
        exhausted,
      },
    ]);
    const id = await handles[0]?.send({ what: 'this' });
    await queue.drained();
    expect(exhausted).toHaveBeenCalledTimes(1);
    expect(exhausted).toHaveBeenCalledWith({ what: 'this' }, expect.any(Error));
    expect(await jobRow(database, id ?? '')).toMatchObject({
      state: 'failed',
      retryCount: 1,
      output: expect.objectContaining({ message: 'never works' }),
    });
  });

  it('sends a scheduled job once per period, however many processes run the schedule', async () => {
    const runs: number[] = [];
    const everyMinute: JobDefinition<object> = {
      ...policy,
      name: 'every-minute',
      policy: 'stately',
      cron: '* * * * *',
      run: async () => {
        runs.push(Date.now());
        return {};
      },
    };
    const began = Date.now();
    // Two processes on one PostgreSQL database; PGlite has one process only.
    const first = await startQueue([everyMinute]);
    if (kind === 'postgres') await startQueue([everyMinute]);

    await vi.waitFor(() => expect(runs.length).toBeGreaterThan(0), { timeout: 20_000 });
    // The schedule is looked at every second (by one process at a time): let it be looked at
    // several more times after the run.
    const cronChecks = async () =>
      (await first.database.executeSql('select cron_on from pgboss.version')).rows[0];
    for (let seen = 0, last = await cronChecks(); seen < 3; ) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const now = await cronChecks();
      if (JSON.stringify(now) !== JSON.stringify(last)) seen += 1;
      last = now;
    }
    await first.queue.drained();

    // One run per minute the test spanned, at most (a new minute is a new period).
    const minutes = Math.floor(Date.now() / 60_000) - Math.floor(began / 60_000) + 1;
    expect(runs.length).toBeLessThanOrEqual(minutes);
  }, 40_000);

  it('on stop, signals the running jobs and queues again those that do not end in time', async () => {
    const signals: AbortSignal[] = [];
    let release = () => {};
    const stubborn: JobDefinition<object> = {
      ...policy,
      name: 'stubborn',
      retryLimit: 1,
      // Ignores the signal and runs on.
      run: (_data, signal) => {
        signals.push(signal);
        return new Promise((resolve) => {
          release = () => resolve({ ended: true });
        });
      },
    };
    const first = await startQueue([stubborn], { ...FAST, stopTimeoutMs: 200 });
    const id = (await first.handles[0]?.send({})) ?? '';
    await vi.waitFor(() => expect(signals).toHaveLength(1));

    await first.queue.stop();
    expect(signals[0]?.aborted).toBe(true);
    // Back to run at once, as if it had never started: the stop is not one of its attempts.
    expect(await jobRow(first.database, id)).toMatchObject({ state: 'retry', startedOn: null });
    // Its handler ending now changes nothing: the job is no longer this worker's.
    release();

    const second = await startQueue([stubborn], FAST);
    await vi.waitFor(() => expect(signals).toHaveLength(2));
    release();
    await second.queue.drained();
    expect(await jobRow(second.database, id)).toMatchObject({
      state: 'completed',
      retryCount: 0,
    });
  });

  it('hands the handler a signal that fires when the job runs past its expiry', async () => {
    let seen: AbortSignal | undefined;
    const { queue, database, handles } = await startQueue([
      {
        ...policy,
        name: 'slow',
        expireInSeconds: 1,
        run: (_data, signal) => {
          seen = signal;
          return new Promise(() => {});
        },
      },
    ]);
    const id = await handles[0]?.send({});
    await queue.drained();
    expect(seen?.aborted).toBe(true);
    expect(await jobRow(database, id ?? '')).toMatchObject({ state: 'failed' });
  });
});
