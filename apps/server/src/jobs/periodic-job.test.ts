import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPeriodicJob } from './periodic-job';

const logger = () =>
  ({ debug: vi.fn(), error: vi.fn() }) as unknown as FastifyBaseLogger & {
    debug: ReturnType<typeof vi.fn>;
    error: ReturnType<typeof vi.fn>;
  };

describe('startPeriodicJob', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs a second after start, then every period, and logs what each run returns', async () => {
    const task = vi.fn(async () => ({ removed: 3 }));
    const log = logger();
    const stop = startPeriodicJob('cleanup', task, log, 60_000);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(task).toHaveBeenCalledTimes(1);
    expect(log.debug).toHaveBeenCalledWith({ removed: 3 }, 'cleanup: done');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(task).toHaveBeenCalledTimes(2);
    await stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('never starts a run while one is in progress, and stop waits for it', async () => {
    let finish = () => {};
    const task = vi.fn(
      () =>
        new Promise<Record<string, unknown>>((resolve) => {
          finish = () => resolve({});
        }),
    );
    const stop = startPeriodicJob('slow', task, logger(), 1_000);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(task).toHaveBeenCalledTimes(1);
    let stopped = false;
    const stopping = stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
  });

  it('logs a failed run and keeps running', async () => {
    const task = vi.fn().mockRejectedValueOnce(new Error('database away')).mockResolvedValue({});
    const log = logger();
    const stop = startPeriodicJob('flaky', task, log, 10_000);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(log.error).toHaveBeenCalledWith({ err: expect.any(Error) }, 'flaky: failed');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(task).toHaveBeenCalledTimes(2);
    await stop();
  });
});
