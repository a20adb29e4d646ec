import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { silentLog } from '../../test/silent-log';
import { databaseKinds, freshDatabaseLocation } from '../../test/test-app';
import type { Database } from '../db/client';
import type { IntegrationSyncJob } from '../lib/sync-queue';
import { listDueIntegrations } from '../modules/integrations/kit/repository';
import {
  defineIntegrationSyncs,
  INTEGRATION_SYNC_QUEUE,
  type IntegrationSyncs,
  SYNC_SCHEDULE,
  type SyncJobs,
  type SyncOptions,
} from './integration-syncs';
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

/**
 * Of the sync jobs: how many failed, how many were attempts after a failure, and how many found
 * every slot of their provider held and waited for one (their job put back to run later).
 */
async function syncJobs(database: Database) {
  const { rows } = await database.executeSql(
    `select count(*) filter (where state = 'failed')::int as failed,
            count(*) filter (where retry_count > 0)::int as retried,
            count(*) filter (where data ? 'waits' and state = 'completed')::int as "waited"
     from pgboss.job where name = $1`,
    [INTEGRATION_SYNC_QUEUE],
  );
  return rows[0] as { failed: number; retried: number; waited: number };
}

describe.each(databaseKinds())('integration syncs on %s', (kind) => {
  let database: Database;
  let queue: JobQueue;

  async function start(syncs: IntegrationSyncs, options: Partial<SyncOptions> = {}) {
    database = await (await freshDatabaseLocation(kind)).open();
    queue = new JobQueue(database, silentLog(), { pollMs: 100 });
    const jobs = defineIntegrationSyncs(queue, database.db, syncs, {
      schedule: false,
      perProvider: 8,
      ...options,
    });
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

  it('queues the syncs that are due on the six-hour schedule', async () => {
    const held = heldSyncs([google, microsoft]);
    const jobs = await start(held.syncs);
    const now = new Date();

    expect(await jobs.queueDue(now)).toEqual({ due: 2, queued: 2 });
    expect(held.syncs.due).toHaveBeenCalledWith(database.db, now, SYNC_SCHEDULE);
    // Still waiting or running: the next look at what is due adds nothing.
    expect(await jobs.queueDue(now)).toEqual({ due: 2, queued: 0 });
    await vi.waitFor(() => expect(held.ran).toHaveLength(2));
  });

  it("runs no more of a provider's syncs at once than its limit, holding back no other provider", async () => {
    const ran: IntegrationSyncJob[] = [];
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const jobs = await start(
      {
        due: async () => [],
        run: async (_db, job) => {
          ran.push(job);
          if (job.integrationId === google.integrationId) await gate;
        },
      },
      { perProvider: 2, firstWaitSeconds: 0.2 },
    );
    const orgs = [1, 2, 3, 4].map(orgId);
    for (const organizationId of orgs) await jobs.requestSync({ ...google, organizationId });
    for (const organizationId of orgs.slice(0, 2)) {
      await jobs.requestSync({ ...microsoft, organizationId });
    }
    const of = (integrationId: string) => ran.filter((job) => job.integrationId === integrationId);

    // Two Google syncs hold the slots; the Microsoft ones run meanwhile.
    await vi.waitFor(() => expect(of(microsoft.integrationId)).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(of(google.integrationId)).toHaveLength(2);

    open();
    await queue.drained();
    expect(
      of(google.integrationId)
        .map((job) => job.organizationId)
        .sort(),
    ).toEqual(orgs);
    const jobsRun = await syncJobs(database);
    expect(jobsRun).toMatchObject({ failed: 0, retried: 0 });
    expect(jobsRun.waited).toBeGreaterThan(0);
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

const MINUTE = 60_000;
/** Midnight UTC: a whole number of periods since 1970, so a slot comes round at it plus its offset. */
const T0 = Date.UTC(2030, 0, 1);
const { everyMs: PERIOD, leewayMs: LEEWAY } = SYNC_SCHEDULE;

/** The synthetic organisation `n` (as `connect` inserts it). */
const orgId = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** Where in the period an integration's time falls, hashed as the due query does it. */
const offsetOf = (organizationId: string, integrationId: string) =>
  (createHash('md5').update(`${organizationId}:${integrationId}`).digest().readUInt32BE(0) %
    (PERIOD / 1000)) *
  1000;

describe.each(databaseKinds())('when syncs fall due on %s', (kind) => {
  let database: Database;

  afterEach(async () => {
    await database.close();
  });

  /** Organisations 1 to `count`, each with these integrations connected and last synced then. */
  async function connect(count: number, providers: string[], lastScan: number | null) {
    database = await (await freshDatabaseLocation(kind)).open();
    await database.executeSql(
      `insert into organizations (id, domain)
       select ('00000000-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid, 'org-' || n || '.example'
       from generate_series(1, $1::int) n`,
      [count],
    );
    await database.executeSql(
      `insert into integrations (organization_id, integration_id, status, last_scan)
       select o.id, p, 'connected', $2::timestamptz
       from organizations o cross join unnest(string_to_array($1, ',')) p
       where o.domain like 'org-%.example'`,
      [providers.join(','), lastScan === null ? null : new Date(lastScan).toISOString()],
    );
  }

  const due = (now: number) => listDueIntegrations(database.db, new Date(now), SYNC_SCHEDULE);

  async function setLastScan(organizationId: string, integrationId: string, at: number | null) {
    await database.executeSql(
      `update integrations set last_scan = $3::timestamptz
       where organization_id = $1 and integration_id = $2`,
      [organizationId, integrationId, at === null ? null : new Date(at).toISOString()],
    );
  }

  it('spreads 10,000 integrations synced at the same moment over the next period', async () => {
    await connect(2_500, ['gws', 'm365', 'meta', 'aws'], T0);
    // Each comes due at its first time more than the leeway after that sync: one look at what
    // is due every 5 minutes from then finds a share of them, the same for every look.
    const counts: number[] = [];
    for (let look = 0; look <= PERIOD / (5 * MINUTE); look += 1) {
      counts.push((await due(T0 + LEEWAY + look * 5 * MINUTE)).length);
    }
    expect(counts[0]).toBe(0);
    expect(counts.at(-1)).toBe(10_000);
    const perLook = counts.slice(1).map((count, i) => count - (counts[i] ?? 0));
    const mean = 10_000 / perLook.length;
    // As even as placing each at random: about 139 a look, give or take 12. The fullest of 72
    // looks passes 30 % above the mean for about one set of ids in 20; these ids reach 30.3 %.
    expect(Math.min(...perLook)).toBeGreaterThanOrEqual(0.65 * mean);
    expect(Math.max(...perLook)).toBeLessThanOrEqual(1.35 * mean);
  });

  it('has an integration due at its time, and not again until its next', async () => {
    await connect(3, ['gws'], null);
    const [org] = [orgId(1)];
    const slot = T0 + offsetOf(org, 'gws');
    const isDue = async (now: number) =>
      (await due(now)).some((d) => d.organizationId === org && d.integrationId === 'gws');

    // Never synced: due whenever asked.
    expect(await isDue(slot - 3 * 60 * MINUTE)).toBe(true);

    // Synced just after its time: not due again until its time comes round.
    await setLastScan(org, 'gws', slot + MINUTE);
    expect(await isDue(slot + 2 * MINUTE)).toBe(false);
    expect(await isDue(slot + PERIOD - 1000)).toBe(false);
    expect(await isDue(slot + PERIOD + 1000)).toBe(true);

    // Synced by hand shortly before its time: that sync stands for it.
    await setLastScan(org, 'gws', slot + PERIOD - 10 * MINUTE);
    expect(await isDue(slot + PERIOD + 1000)).toBe(false);
    expect(await isDue(slot + 2 * PERIOD + 1000)).toBe(true);
  });

  it('lists the longest unsynced first', async () => {
    await connect(3, ['gws'], null);
    await setLastScan(orgId(1), 'gws', T0 - 8 * 60 * MINUTE);
    await setLastScan(orgId(2), 'gws', T0 - 12 * 60 * MINUTE);
    expect((await due(T0)).map((d) => d.organizationId)).toEqual([orgId(3), orgId(2), orgId(1)]);
  });
});

describe.runIf(databaseKinds().includes('postgres'))('provider limits across processes', () => {
  const databases: Database[] = [];
  const queues: JobQueue[] = [];
  let dispose = async () => {};

  afterEach(async () => {
    for (const queue of queues.splice(0)) await queue.stop();
    for (const database of databases.splice(0)) await database.close();
    await dispose();
  });

  it("runs no more of a provider's syncs at once than its limit, in two workers together", async () => {
    const location = await freshDatabaseLocation('postgres');
    dispose = location.dispose;
    const ran: IntegrationSyncJob[] = [];
    let running = 0;
    let most = 0;
    const syncs: IntegrationSyncs = {
      due: async () => [],
      run: async (_db, job) => {
        ran.push(job);
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 300));
        running -= 1;
      },
    };
    // Two worker processes, each running up to 4 syncs, on one database.
    const workers: SyncJobs[] = [];
    for (const _ of [1, 2]) {
      const database = await location.open();
      const queue = new JobQueue(database, silentLog(), { pollMs: 50 });
      const options = { schedule: false, perProvider: 2, firstWaitSeconds: 0.2 };
      workers.push(defineIntegrationSyncs(queue, database.db, syncs, options));
      databases.push(database);
      queues.push(queue);
    }
    await Promise.all(queues.map((queue) => queue.start()));

    const orgs = Array.from({ length: 10 }, (_, i) => orgId(i + 1));
    await Promise.all(
      orgs.map((organizationId, i) => workers[i % 2]?.requestSync({ ...google, organizationId })),
    );
    await Promise.all(queues.map((queue) => queue.drained()));

    expect(most).toBe(2);
    expect(ran.map((job) => job.organizationId).sort()).toEqual(orgs);
    const [database] = databases;
    if (!database) throw new Error('no database');
    const jobsRun = await syncJobs(database);
    expect(jobsRun).toMatchObject({ failed: 0, retried: 0 });
    expect(jobsRun.waited).toBeGreaterThan(0);
  });
});
