import { afterEach, describe, expect, it, vi } from 'vitest';
import { silentLog } from '../../test/silent-log';
import { databaseKinds, freshDatabaseLocation } from '../../test/test-app';
import type { Database } from '../db/client';
import type { IntegrationSyncJob } from '../lib/sync-queue';
import { defineIntegrationSyncs, type IntegrationSyncs, SYNC_EVERY_MS } from './integration-syncs';
import { JobQueue } from './job-queue';

const ORG = '00000000-0000-4000-8000-000000000001';
const google = { organizationId: ORG, integrationId: 'google-workspace' };
const microsoft = { organizationId: ORG, integrationId: 'microsoft-365' };

/** Syncs that run until released (or stopped), and remember what they ran. */
function heldSyncs(due: IntegrationSyncJob[] = []) {
  const ran: IntegrationSyncJob[] = [];
  const waiting: (() => void)[] = [];
  const syncs: IntegrationSyncs = {
    due: vi.fn(async () => due),
    run: async (_db, job, signal) => {
      ran.push(job);
      await new Promise<void>((resolve, reject) => {
        waiting.push(resolve);
        if (signal.aborted) reject(signal.reason);
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
    },
  };
  const releaseAll = () => {
    for (const resolve of waiting.splice(0)) resolve();
  };
  return { syncs, ran, releaseAll };
}

describe.each(databaseKinds())('integration syncs on %s', (kind) => {
  let database: Database;
  let queue: JobQueue;

  async function start(syncs: IntegrationSyncs) {
    database = await (await freshDatabaseLocation(kind)).open();
    queue = new JobQueue(database, silentLog(), { pollMs: 100 });
    const jobs = defineIntegrationSyncs(queue, database.db, syncs, { schedule: false });
    await queue.start();
    return jobs;
  }

  afterEach(async () => {
    await queue.stop();
    await database.close();
  });

  it('queues one sync per organisation and integration while one is waiting or running', async () => {
    const held = heldSyncs();
    const jobs = await start(held.syncs);

    const [first, second] = await Promise.all([jobs.requestSync(google), jobs.requestSync(google)]);
    expect([first.queued, second.queued].sort()).toEqual([false, true]);
    await vi.waitFor(() => expect(held.ran).toHaveLength(1));
    // Running now: asking again adds nothing; another integration is its own.
    expect(await jobs.requestSync(google)).toEqual({ queued: false });
    expect(await jobs.requestSync(microsoft)).toEqual({ queued: true });

    await vi.waitFor(() => expect(held.ran).toHaveLength(2));
    held.releaseAll();
    await queue.drained();
    expect(held.ran).toEqual(expect.arrayContaining([google, microsoft]));
    expect(held.ran).toHaveLength(2);
    // Once it has ended, a new sync may be queued.
    expect(await jobs.requestSync(google)).toEqual({ queued: true });
  });

  it('queues the syncs that are due, asking for those older than six hours', async () => {
    const held = heldSyncs([google, microsoft]);
    const jobs = await start(held.syncs);
    const now = new Date();

    expect(await jobs.queueDue(now)).toEqual({ due: 2, queued: 2 });
    expect(held.syncs.due).toHaveBeenCalledWith(database.db, now, SYNC_EVERY_MS);
    // Still waiting or running: the next look at what is due adds nothing.
    expect(await jobs.queueDue(now)).toEqual({ due: 2, queued: 0 });
    await vi.waitFor(() => expect(held.ran).toHaveLength(2));
  });

  it('retries a sync that throws, a minute or more later', async () => {
    const failedAt: number[] = [];
    let calls = 0;
    const jobs = await start({
      due: async () => [],
      run: async () => {
        calls += 1;
        if (calls === 1) {
          failedAt.push(Date.now());
          throw new Error('provider away');
        }
      },
    });
    await jobs.requestSync(google);
    await vi.waitFor(async () => {
      const { rows } = await database.executeSql(
        `select start_after as "startAfter" from pgboss.job where state = 'retry'`,
      );
      const [retry] = rows as { startAfter: Date }[];
      expect(retry?.startAfter.getTime()).toBeGreaterThanOrEqual((failedAt[0] ?? 0) + 60_000);
    });
    // Asking again while it waits for its retry adds nothing.
    expect(await jobs.requestSync(google)).toEqual({ queued: false });
    // The minute passes.
    await database.executeSql(
      `update pgboss.job set start_after = now() where state = 'retry'`,
      [],
    );
    await queue.drained();
    expect(calls).toBe(2);
  });
});
