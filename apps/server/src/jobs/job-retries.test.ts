import { describe, expect, it, vi } from 'vitest';
import { jobRow, POLICY, useQueues } from '../../test/queue-fixture';
import { databaseKinds } from '../../test/test-app';

describe.each(databaseKinds())('retries of jobs on %s', (kind) => {
  const startQueue = useQueues(kind);

  it('retries a failing job with a growing delay, until it succeeds', async () => {
    const attempts: number[] = [];
    const { queue, database, handles } = await startQueue([
      {
        ...POLICY,
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
        ...POLICY,
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

  it('hands the handler a signal that fires when the job runs past its expiry', async () => {
    let seen: AbortSignal | undefined;
    const { queue, database, handles } = await startQueue([
      {
        ...POLICY,
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
