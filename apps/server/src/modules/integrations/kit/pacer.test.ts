import { describe, expect, it } from 'vitest';
import { pacer } from './pacer';

describe('pacer', () => {
  it('spaces the starts of calls running at once', async () => {
    const pace = pacer(50);
    const starts: number[] = [];
    const begin = Date.now();
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        await pace();
        starts.push(Date.now() - begin);
      }),
    );
    // Six starts 20 ms apart: the last no sooner than 100 ms after the first.
    expect(Math.max(...starts) - Math.min(...starts)).toBeGreaterThanOrEqual(95);
  });

  it('owes nothing for a gap already waited out', async () => {
    const pace = pacer(2);
    await pace();
    await new Promise((r) => setTimeout(r, 600));
    const before = Date.now();
    await pace();
    // The next start was due 500 ms after the first: it goes at once, not after another gap.
    expect(Date.now() - before).toBeLessThan(400);
  });

  it('stops waiting when the sync is aborted', async () => {
    const pace = pacer(1);
    await pace();
    const stop = new AbortController();
    const waiting = pace(stop.signal);
    stop.abort(new Error('stopped'));
    await expect(waiting).rejects.toThrow();
  });
});
