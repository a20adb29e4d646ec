import { describe, expect, it, vi } from 'vitest';
import { FAST, jobRow, POLICY, useQueues } from '../../test/queue-fixture';
import { databaseKinds } from '../../test/test-app';
import type { JobDefinition } from './job-definition';

describe.each(databaseKinds())('the job queue on %s', (kind) => {
  const startQueue = useQueues(kind);

  it('sends a scheduled job once per period, however many processes run the schedule', async () => {
    const runs: number[] = [];
    const everyMinute: JobDefinition<object> = {
      ...POLICY,
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
      ...POLICY,
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
});
