import { afterEach } from 'vitest';
import type { Database } from '../src/db/client';
import type { JobDefinition } from '../src/jobs/job-definition';
import { JobQueue, type QueueTiming } from '../src/jobs/job-queue';
import { silentLog } from './silent-log';
import { type DatabaseKind, type DatabaseLocation, freshDatabaseLocation } from './test-app';

/** Intervals short enough for tests. */
export const FAST: Partial<QueueTiming> = {
  pollMs: 100,
  cronCheckSeconds: 1,
  stopTimeoutMs: 5_000,
};

/** A queue's policies, to spread into a test's definition. */
export const POLICY = {
  policy: 'standard',
  retryLimit: 0,
  retryDelaySeconds: 1,
  retryBackoff: false,
  expireInSeconds: 60,
} as const;

export type JobRow = { state: string; retryCount: number; startedOn: Date | null; output: unknown };

/** A job's row as pg-boss keeps it. */
export async function jobRow(database: Database, id: string): Promise<JobRow | undefined> {
  const { rows } = await database.executeSql(
    `select state, retry_count as "retryCount", started_on as "startedOn", output
     from pgboss.job where id = $1`,
    [id],
  );
  return rows[0] as JobRow | undefined;
}

/**
 * Starts job queues as server processes would, on one fresh database per test (on PostgreSQL
 * each queue with its own connections; in memory, PGlite's one database); stops and closes them
 * all after each test.
 */
export function useQueues(kind: DatabaseKind) {
  let location: DatabaseLocation | undefined;
  const opened: Database[] = [];
  const queues: JobQueue[] = [];

  afterEach(async () => {
    for (const queue of queues.splice(0)) await queue.stop();
    for (const database of opened.splice(0)) await database.close();
    await location?.dispose();
    location = undefined;
  });

  return async function startQueue(definitions: JobDefinition<object>[], timing = FAST) {
    location ??= await freshDatabaseLocation(kind);
    // In memory, every open() is a new database: one process, one database.
    const database = location.target === null && opened[0] ? opened[0] : await location.open();
    if (!opened.includes(database)) opened.push(database);
    const queue = new JobQueue(database, silentLog(), timing);
    const handles = definitions.map((d) => queue.define(d));
    await queue.start();
    queues.push(queue);
    return { queue, database, handles };
  };
}
