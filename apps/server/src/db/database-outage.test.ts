import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy';
import {
  ALICE,
  createTestApp,
  type DatabaseLocation,
  databaseKinds,
  expectError,
  freshDatabaseLocation,
  type TestApp,
} from '../../test/test-app';
import { openDatabase } from './client';
import { DATABASE_UNAVAILABLE_MESSAGE } from './database-unavailable';

// The app reaches PostgreSQL through a proxy the test breaks: closed connections (a crash) and
// silent ones (a partition) both give 503s within the pool's timeouts, and the same app answers
// again once the database is back. Timings are printed, not asserted.
describe.runIf(databaseKinds().includes('postgres'))('PostgreSQL unreachable', () => {
  let location: DatabaseLocation;
  let proxy: TcpProxy;
  let server: TestApp;
  let cookie: string;

  beforeAll(async () => {
    location = await freshDatabaseLocation('postgres');
    if (!location.target || !('databaseUrl' in location.target)) throw new Error('no URL');
    const url = new URL(location.target.databaseUrl);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    // The default timeouts (DATABASE_TIMEOUT_MS), as in production.
    const database = await openDatabase({ databaseUrl: url.toString() });
    server = await createTestApp('postgres', { database, seed: true });
    cookie = await server.signIn(ALICE);
  });

  afterAll(async () => {
    await proxy?.restore();
    await server?.close();
    await proxy?.close();
    await location?.dispose();
  });

  /** Health and a signed-in call at once; each answer with how long it took. */
  const bothCalls = () =>
    Promise.all(
      ['/api/health', '/api/auth/user-data'].map(async (url) => {
        const started = performance.now();
        const res = await server.inject({ url, headers: { cookie } });
        return { url, res, ms: Math.round(performance.now() - started) };
      }),
    );

  async function expectUnavailable(what: string) {
    const answers = await bothCalls();
    for (const { res } of answers) {
      expect(expectError(res, 503)).toBe(DATABASE_UNAVAILABLE_MESSAGE);
    }
    console.info(`${what}: ${answers.map(({ url, ms }) => `${url} 503 in ${ms} ms`).join(', ')}`);
  }

  async function expectRecovered() {
    await vi.waitFor(
      async () => {
        for (const { res } of await bothCalls()) expect(res.statusCode, res.body).toBe(200);
      },
      { timeout: 20_000, interval: 250 },
    );
  }

  it('answers 200 while the database answers', async () => {
    for (const { res } of await bothCalls()) expect(res.statusCode, res.body).toBe(200);
  });

  it('answers 503 while connections are closed and refused, then recovers', async () => {
    await proxy.cut();
    await expectUnavailable('connections refused');
    await proxy.restore();
    await expectRecovered();
  }, 60_000);

  it('answers 503 while the database is silent (a partition), then recovers', async () => {
    proxy.blackHole();
    await expectUnavailable('partition');
    // New connections are swallowed too, not only the pool's open ones.
    await expectUnavailable('partition, again');
    await proxy.restore();
    await expectRecovered();
  }, 60_000);
});
