// Two server processes (`main.ts`, as deployed) against one PostgreSQL: they start together on an
// empty database, share sessions, never answer from a stale cache nor a stale session (each keeps
// sessions in memory, told of changes by the other, change-feed.ts), run each scheduled job once,
// and share rate limits through Redis (TEST_REDIS_URL) or count them each on its own without it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ActionsResponse, EmployeesResponse } from '@castellan/contract';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { killAllServers, type RunningServer, startServer } from '../../../bench/server-process';
import { migrationsFolder } from '../src/db/client';
import { adminQuery, databaseUrl } from './postgres-admin';
import { ALICE, BEN, TEST_ENCRYPTION_KEY } from './test-app';

const template = inject('postgresTemplate');
const redisUrl = process.env.TEST_REDIS_URL;
const ROUNDS = 5;
const PURGE = 'expired-sessions-purge';
const MIGRATIONS: unknown[] = JSON.parse(
  readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
).entries;

let databaseCount = 0;

/** A new database with nothing in it (not even the migrations); dropped by `drop()`. */
async function emptyDatabase(adminUrl: string) {
  databaseCount += 1;
  const name = `castellan_processes_${process.pid}_${databaseCount}`;
  await adminQuery(adminUrl, `create database ${name}`);
  return {
    url: databaseUrl(adminUrl, name),
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

async function queryOne(url: string, sql: string): Promise<Record<string, unknown>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows[0] ?? {};
  } finally {
    await client.end();
  }
}

const testLogin = (server: RunningServer, email: string) =>
  fetch(`${server.url}/api/auth/test-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });

/** Starts two servers at the same moment on one database, runs `check`, then stops both. */
async function withTwoServers(
  env: Record<string, string>,
  check: (a: RunningServer, b: RunningServer) => Promise<void>,
): Promise<void> {
  const started = await Promise.allSettled([startServer(env), startServer(env)]);
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  try {
    for (const s of started) if (s.status === 'rejected') throw s.reason;
    const [a, b] = servers;
    if (!a || !b) throw new Error('two servers expected');
    await check(a, b);
  } finally {
    // Each stop throws when its process did not exit cleanly.
    await Promise.all(servers.map((s) => s.stop()));
  }
}

/** Signs in 31 times as `email`, alternately on each server; the statuses of the answers. */
async function alternateSignIns(a: RunningServer, b: RunningServer, email: string) {
  const statuses: number[] = [];
  for (let i = 0; i < 31; i += 1) {
    const res = await testLogin(i % 2 === 0 ? a : b, email);
    await res.arrayBuffer();
    statuses.push(res.status);
  }
  return statuses;
}

describe.skipIf(!template)('two server processes on one PostgreSQL', () => {
  const adminUrl = template?.adminUrl ?? '';
  const env = (databaseUrl: string, extra: Record<string, string> = {}) => ({
    DATABASE_URL: databaseUrl,
    ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    NODE_ENV: 'test',
    TEST_LOGIN: '1',
    LOG_LEVEL: 'warn',
    ...extra,
  });
  afterAll(killAllServers);

  it(`start together on an empty database, ${ROUNDS} times: migrated and seeded once, sessions shared`, async () => {
    for (let round = 1; round <= ROUNDS; round += 1) {
      const database = await emptyDatabase(adminUrl);
      try {
        await withTwoServers(env(database.url), async (a, b) => {
          const migrations = await queryOne(
            database.url,
            'select count(*)::int as n from drizzle.__drizzle_migrations',
          );
          expect(migrations.n, `round ${round}`).toBe(MIGRATIONS.length);
          const organizations = await queryOne(
            database.url,
            'select count(*)::int as n from organizations where is_demo',
          );
          expect(organizations.n, `round ${round}`).toBe(5);
          if (round > 1) return;
          // A session made on one process works on the other.
          const signedIn = await testLogin(a, ALICE);
          expect(signedIn.status).toBe(200);
          const cookie = signedIn.headers.getSetCookie()[0]?.split(';')[0] ?? '';
          const res = await fetch(`${b.url}/api/auth/user-data`, { headers: { cookie } });
          expect(res.status).toBe(200);
          expect(((await res.json()) as { email: string }).email).toBe(ALICE);
        });
      } finally {
        await database.drop();
      }
    }
  }, 240_000);

  it('show a completion made through one at once through the other (no stale cached answer)', async () => {
    const database = await emptyDatabase(adminUrl);
    try {
      await withTwoServers(env(database.url), async (a, b) => {
        const signedIn = await testLogin(a, BEN);
        const cookie = signedIn.headers.getSetCookie()[0]?.split(';')[0] ?? '';
        const read = async <T>(server: RunningServer, url: string) =>
          (await (await fetch(`${server.url}${url}`, { headers: { cookie } })).json()) as T;
        const tasks = async (server: RunningServer) =>
          (await read<ActionsResponse>(server, '/api/actions')).tasks;
        const bensDone = async (server: RunningServer) =>
          (await read<EmployeesResponse>(server, '/api/list-employees')).employees.find(
            (e) => e.email === BEN,
          )?.completedTasks;

        // Both processes keep their answers first.
        const open = (await tasks(b)).find(
          (t) => !t.isCompleted && t.evidence.every((e) => e.verdict === 'pass'),
        );
        if (!open) throw new Error('Ben has no open task to complete');
        const doneBefore = await bensDone(b);
        expect(await tasks(a)).toEqual(await tasks(b));

        const completed = await fetch(`${a.url}/api/mark-action-complete`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ taskId: open.id }),
        });
        expect(completed.status).toBe(200);

        expect((await tasks(b)).find((t) => t.id === open.id)?.isCompleted).toBe(true);
        expect(await bensDone(b)).toBe((doneBefore ?? 0) + 1);
      });
    } finally {
      await database.drop();
    }
  }, 120_000);

  it('refuse an ended session, a removed member and a lost role through the other on the very next request', async () => {
    const database = await emptyDatabase(adminUrl);
    try {
      await withTwoServers(env(database.url), async (a, b) => {
        const cookieOf = async (server: RunningServer, email: string) => {
          const res = await testLogin(server, email);
          expect(res.status).toBe(200);
          return res.headers.getSetCookie()[0]?.split(';')[0] ?? '';
        };
        const call = (
          server: RunningServer,
          method: string,
          url: string,
          cookie: string,
          body?: unknown,
        ) =>
          fetch(`${server.url}${url}`, {
            method,
            headers: {
              cookie,
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          });
        const userData = async (server: RunningServer, cookie: string) => {
          const res = await call(server, 'GET', '/api/auth/user-data', cookie);
          return { status: res.status, body: (await res.json()) as { role?: string } };
        };

        // Signed out through one: refused by the other, which had just answered from memory.
        for (let round = 0; round < 10; round += 1) {
          const cookie = await cookieOf(a, BEN);
          expect((await userData(b, cookie)).status).toBe(200);
          expect((await userData(b, cookie)).status).toBe(200);
          expect((await call(a, 'POST', '/api/auth/logout', cookie, {})).status).toBe(200);
          expect((await userData(b, cookie)).status, `round ${round}`).toBe(401);
        }

        const alice = await cookieOf(a, ALICE);
        const members = (await (await call(a, 'GET', '/api/users', alice)).json()) as {
          members: { id: string; email: string; role: string }[];
        };
        const ben = members.members.find((m) => m.email === BEN);
        const other = members.members.find((m) => m.role === 'user' && m.email !== BEN);
        if (!ben || !other) throw new Error('the demo organisation has two members besides Alice');

        // A role taken away through one is gone on the other's next answer.
        const bens = await cookieOf(a, BEN);
        expect(
          (await call(a, 'PATCH', `/api/users/${ben.id}`, alice, { role: 'admin' })).status,
        ).toBe(200);
        expect((await userData(b, bens)).body.role).toBe('admin');
        expect((await userData(b, bens)).body.role).toBe('admin');
        expect(
          (await call(a, 'PATCH', `/api/users/${ben.id}`, alice, { role: 'user' })).status,
        ).toBe(200);
        expect((await userData(b, bens)).body.role).toBe('user');
        expect((await call(b, 'GET', '/api/users', bens)).status).toBe(403);

        // A member removed through one is refused by the other.
        const theirs = await cookieOf(a, other.email);
        expect((await userData(b, theirs)).status).toBe(200);
        expect((await call(a, 'DELETE', `/api/users/${other.id}`, alice, {})).status).toBe(200);
        expect((await userData(b, theirs)).status).toBe(401);
      });
    } finally {
      await database.drop();
    }
  }, 120_000);

  it('count rate limits per process without REDIS_URL, and send a scheduled job once', async () => {
    const database = await emptyDatabase(adminUrl);
    try {
      await withTwoServers(env(database.url), async (a, b) => {
        // 30 a minute per client and address: 16 and 15 here, none refused.
        expect(new Set(await alternateSignIns(a, b, BEN))).toEqual(new Set([200]));

        // Both processes schedule the jobs. Made due every minute, the purge must still be sent
        // once a minute, not once per process.
        await queryOne(
          database.url,
          `update pgboss.schedule set cron = '* * * * *' where name = '${PURGE}'`,
        );
        await vi.waitFor(
          async () => {
            const done = await queryOne(
              database.url,
              `select count(*)::int as n from pgboss.job where name = '${PURGE}' and state = 'completed'`,
            );
            expect(done.n).toBeGreaterThan(0);
          },
          { timeout: 120_000, interval: 1000 },
        );
        const jobs = await queryOne(
          database.url,
          `select count(*)::int as jobs, count(distinct date_trunc('minute', created_on))::int as minutes
           from pgboss.job where name = '${PURGE}'`,
        );
        expect(jobs.jobs).toBe(jobs.minutes);
      });
    } finally {
      await database.drop();
    }
  }, 200_000);

  it.skipIf(!redisUrl)(
    'share rate limits through Redis with REDIS_URL',
    async () => {
      const database = await emptyDatabase(adminUrl);
      const redis = new Redis(redisUrl ?? '');
      try {
        // A run of this test less than a minute ago left its count.
        await redis.del(`castellan-rate-limit:127.0.0.1|${BEN}`);
        await withTwoServers(env(database.url, { REDIS_URL: redisUrl ?? '' }), async (a, b) => {
          const statuses = await alternateSignIns(a, b, BEN);
          expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
          expect(statuses[30]).toBe(429);
        });
      } finally {
        await redis.del(`castellan-rate-limit:127.0.0.1|${BEN}`);
        redis.disconnect();
        await database.drop();
      }
    },
    90_000,
  );
});
