import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DatabaseLocation, databaseKinds, freshDatabaseLocation } from '../../test/test-app';
import { CHANGES_CHANNEL, ChangeFeed } from './change-feed';
import type { Database } from './client';

const TIMING = { pingMs: 50, freshMs: 400 };

// Two feeds on one PostgreSQL stand for two processes (each its own pool and listening connection).
describe.skipIf(!databaseKinds().includes('postgres'))('the change feed on PostgreSQL', () => {
  let location: DatabaseLocation;
  let one: Database;
  let two: Database;
  beforeAll(async () => {
    location = await freshDatabaseLocation('postgres');
    one = await location.open();
    two = await location.open();
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    await location.dispose();
  });

  const heard = (feed: ChangeFeed) => {
    const messages: string[] = [];
    feed.onChange((m) => messages.push(m));
    return messages;
  };
  const trustedSoon = (feed: ChangeFeed) =>
    vi.waitFor(() => expect(feed.trusted()).toBe(true), { timeout: 2000, interval: 10 });

  it('has the other process hear a change before a barrier after it resolves', async () => {
    const a = await ChangeFeed.open(one, TIMING);
    const b = await ChangeFeed.open(two, TIMING);
    try {
      await Promise.all([trustedSoon(a), trustedSoon(b)]);
      // Until a has heard b ping, it does not know to wait for it.
      await sleep(TIMING.pingMs * 3);
      const messages = heard(b);
      for (let round = 0; round < 50; round += 1) {
        await one.executeSql('select pg_notify($1, $2)', [CHANGES_CHANNEL, `s:round-${round}`]);
        await a.barrier();
        expect(messages.at(-1), `round ${round}`).toBe(`s:round-${round}`);
      }
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('hears the triggers: a session ended, a role changed, a data version moved', async () => {
    const feed = await ChangeFeed.open(one, TIMING);
    const other = await ChangeFeed.open(two, TIMING);
    try {
      await trustedSoon(other);
      const messages = heard(other);
      const [org] = (
        await one.executeSql(
          `insert into organizations (domain, status) values ('feed.example', 'REGISTERED') returning id`,
        )
      ).rows as { id: string }[];
      const [user] = (
        await one.executeSql(
          `insert into users (organization_id, email, role) values ($1, 'ann@feed.example', 'admin') returning id`,
          [org?.id],
        )
      ).rows as { id: string }[];
      await one.executeSql(`update users set last_sign_in_at = now() where id = $1`, [user?.id]);
      await one.executeSql(`update users set role = 'user' where id = $1`, [user?.id]);
      await feed.barrier();
      expect(messages).toContain(`u:${user?.id}`);
      // The sign-in's time is no change; the user row's insert moved the data version.
      expect(messages.filter((m) => m === `u:${user?.id}`)).toHaveLength(1);
      expect(messages.some((m) => m.startsWith(`v:${org?.id}:`))).toBe(true);
      await one.executeSql(`delete from organizations where id = $1`, [org?.id]);
      await feed.barrier();
      expect(messages).toContain(`o:${org?.id}`);
    } finally {
      await feed.close();
      await other.close();
    }
  });

  it('waits no longer than its freshness for a process that went silent, which stops trusting', async () => {
    const a = await ChangeFeed.open(one, TIMING);
    const b = await ChangeFeed.open(two, TIMING);
    await Promise.all([trustedSoon(a), trustedSoon(b)]);
    await sleep(TIMING.pingMs * 3);
    const started = performance.now();
    await a.barrier();
    expect(performance.now() - started).toBeLessThan(TIMING.freshMs / 2);

    // Gone without a word: a still counts on it for a while, and waits, but not for ever.
    await b.close();
    expect(b.trusted()).toBe(true);
    const waiting = performance.now();
    await a.barrier();
    const waited = performance.now() - waiting;
    expect(waited).toBeGreaterThanOrEqual(TIMING.freshMs - TIMING.pingMs * 2);
    expect(waited).toBeLessThan(TIMING.freshMs * 2);
    expect(b.trusted()).toBe(false);
    // Once it has stopped pinging long enough, a no longer waits for it.
    await sleep(TIMING.freshMs);
    const later = performance.now();
    await a.barrier();
    expect(performance.now() - later).toBeLessThan(TIMING.freshMs / 2);
    await a.close();
  });

  it('stops trusting when its connection is cut, forgets, and trusts again once listening anew', async () => {
    const feed = await ChangeFeed.open(one, TIMING);
    try {
      await trustedSoon(feed);
      let resets = 0;
      feed.onReset(() => {
        resets += 1;
      });
      await two.executeSql(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()`,
      );
      await vi.waitFor(() => expect(feed.trusted()).toBe(false), { timeout: 2000, interval: 10 });
      await vi.waitFor(() => expect(resets).toBe(1), { timeout: 5000, interval: 20 });
      await trustedSoon(feed);
    } finally {
      await feed.close();
    }
  });
});

describe('the change feed on PGlite', () => {
  it('is heard in the statement that changed something, and always trusted', async () => {
    const location = await freshDatabaseLocation('pglite');
    const database = await location.open();
    const feed = await ChangeFeed.open(database, TIMING);
    try {
      const messages: string[] = [];
      feed.onChange((m) => messages.push(m));
      expect(feed.trusted()).toBe(true);
      await database.executeSql(
        `insert into organizations (domain, status) values ('feed.example', 'REGISTERED')`,
      );
      await database.executeSql(
        `update organizations set status = 'PENDING' where domain = 'feed.example'`,
      );
      expect(messages.some((m) => m.startsWith('o:'))).toBe(true);
      await feed.barrier();
    } finally {
      await feed.close();
      await database.close();
    }
  });
});
