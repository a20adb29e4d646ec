// When each watched name is scanned: once a period (a day, or a week), at its own minute, so
// that ten thousand organisations are spread over the day instead of all due at midnight.
import { createHash } from 'node:crypto';
import type { WatchFrequency } from '@castellan/contract';
import { WATCH_TARGET_MIN_INTERVAL_MINUTES } from '@castellan/contract';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export const PERIOD_MS: Record<WatchFrequency, number> = { daily: DAY_MS, weekly: 7 * DAY_MS };

/** The rate limit: no name is scanned twice within this. */
export const MIN_INTERVAL_MS = WATCH_TARGET_MIN_INTERVAL_MINUTES * MINUTE_MS;

/** A name's first scheduled scan: within a day, at the minute its id gives. */
export function firstDue(id: string, now: Date): Date {
  const minute = createHash('sha256').update(id).digest().readUInt32BE(0) % (24 * 60);
  return new Date(now.getTime() + (1 + minute) * MINUTE_MS);
}

/**
 * The time after the scan that was due at `due`: one period on, keeping its minute; a name left
 * behind (no process ran for a while) goes to the first such time after `now`, not to a burst
 * of the scans it missed.
 */
export function nextDue(due: Date, frequency: WatchFrequency, now: Date): Date {
  const period = PERIOD_MS[frequency];
  const next = due.getTime() + period;
  if (next > now.getTime()) return new Date(next);
  const behind = Math.floor((now.getTime() - next) / period) + 1;
  return new Date(next + behind * period);
}
