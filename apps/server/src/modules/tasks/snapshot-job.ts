import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { snapshotScores } from './service';

/** Often enough that a restart or a new day never leaves a day without a snapshot for long. */
const EVERY_MS = 60 * 60_000;

/**
 * Background job: keeps today's score snapshot of every organisation. Each run replaces the
 * day's snapshot, so any number of processes may run it. Returns a function that stops it.
 */
export function startScoreSnapshots(db: Db, log: FastifyBaseLogger, everyMs = EVERY_MS) {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = snapshotScores(db)
      .then((count) => log.debug({ organizations: count }, 'score snapshots taken'))
      .catch((err: unknown) => log.error({ err }, 'score snapshots failed'))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(run, 1_000);
  const timer = setInterval(run, everyMs);
  first.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
