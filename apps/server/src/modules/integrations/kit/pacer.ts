import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Spaces the starts of calls at least 1/`perSecond` apart, however many run at once: a quota a
 * provider counts per minute is kept by pacing, not by running into its refusals and retrying.
 */
export function pacer(perSecond: number): (signal?: AbortSignal) => Promise<void> {
  const gapMs = 1000 / perSecond;
  let nextAt = 0;
  return async (signal) => {
    const now = Date.now();
    const at = Math.max(now, nextAt);
    nextAt = at + gapMs;
    if (at > now) await sleep(at - now, undefined, { signal });
  };
}
