import type { Db } from '../../db/client';
import type { BackgroundScans } from '../risk-analysis/background-scans';
import { takeDueTargets } from './repository';
import { MIN_INTERVAL_MS, nextDue } from './schedule';
import { startWatchScan } from './targets';

/** Most names one run of the schedule takes; the rest wait for the next run, minutes later. */
export const DUE_BATCH = 500;

/**
 * Queues the scans of every watched name that is due, a batch at a time, each moved to its next
 * time as it is taken. A name scanned within the hour (by hand, say) waits for its next turn.
 * The scans run in the watch's own queue, at most WATCH_SCAN_CONCURRENCY at once per process.
 */
export async function queueDueScans(
  db: Db,
  scans: BackgroundScans,
  now: Date,
  signal?: AbortSignal,
): Promise<{ queued: number; skipped: number }> {
  let queued = 0;
  let skipped = 0;
  const notSince = new Date(now.getTime() - MIN_INTERVAL_MS);
  for (;;) {
    signal?.throwIfAborted();
    const due = await takeDueTargets(db, now, notSince, DUE_BATCH, (t) =>
      nextDue(t.nextScanAt, t.frequency, now),
    );
    for (const target of due) {
      if (!target.scan) {
        skipped += 1;
        continue;
      }
      await startWatchScan(scans, target, true);
      queued += 1;
    }
    if (due.length < DUE_BATCH) return { queued, skipped };
  }
}
