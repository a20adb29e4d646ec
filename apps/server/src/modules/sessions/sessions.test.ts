import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ALICE,
  BEN,
  databaseKinds,
  expectError,
  freshDatabaseLocation,
  NOAH,
  PRODUCT_DOMAIN,
  SAM,
  sessionCookie,
  signIn,
  testConfig,
  useTestApp,
} from '../../../test/test-app';
import { buildApp } from '../../app';
import { seedDemoData } from '../../db/demo-data';
import { sessions, users } from '../../db/schema';
import { hashToken } from '../../lib/hash-token';
import { SESSION_COOKIE, startSession } from './plugin';

const HOUR = 3_600_000;

describe.each(databaseKinds())('sessions on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const behindProxy = useTestApp(kind, { databaseOf: server, env: { TRUST_PROXY: '1' } });
  const httpsUrl = useTestApp(kind, {
    databaseOf: server,
    env: { PUBLIC_URL: 'https://castellan.test' },
  });
  const login = (headers: Record<string, string> = {}) => ({
    method: 'POST' as const,
    url: '/api/auth/test-login',
    payload: { email: ALICE },
    headers,
  });
  const userData = (cookie?: string) =>
    server().inject({ url: '/api/auth/user-data', headers: cookie ? { cookie } : {} });
  const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);
  const moveBack = (cookie: string, values: Partial<typeof sessions.$inferInsert>) =>
    server()
      .database.db.update(sessions)
      .set(values)
      .where(eq(sessions.tokenHash, hashToken(tokenOf(cookie))));

  it('test login sets an httpOnly, SameSite=Lax cookie that is not Secure over http', async () => {
    const res = await server().inject(login());
    expect(res.statusCode).toBe(200);
    const cookie = sessionCookie(res);
    expect(cookie).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax' });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.maxAge).toBe(7 * 24 * 3600);
    expect(cookie?.value.length).toBeGreaterThanOrEqual(40);
  });

  it('a spoofed X-Forwarded-Proto does not make the cookie Secure without TRUST_PROXY', async () => {
    const res = await server().inject(login({ 'x-forwarded-proto': 'https' }));
    expect(sessionCookie(res)?.secure).toBeFalsy();
  });

  it('user-data answers the fields of the spec for the signed-in user', async () => {
    const cases = [
      [ALICE, { role: 'admin', organizationStatus: 'REGISTERED', staff: false }],
      [BEN, { role: 'user', organizationStatus: 'REGISTERED', staff: false }],
      [NOAH, { role: 'admin', organizationStatus: 'PENDING', staff: false }],
      [SAM, { role: 'admin', organizationStatus: 'REGISTERED', staff: true }],
    ] as const;
    for (const [email, expected] of cases) {
      const res = await userData(await server().signIn(email));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        email,
        firstName: expect.any(String),
        lastName: expect.any(String),
        companyDomain: email.split('@')[1],
        profileImageUrl: null,
        impersonatedBy: null,
        ...expected,
      });
    }
    expect((await userData(await server().signIn(ALICE))).json()).toMatchObject({
      firstName: 'Alice',
      lastName: 'Morgan',
    });
  });

  it('every sign-in issues a new session id and ends the one the browser had', async () => {
    const first = await server().signIn(ALICE);
    const second = await signIn(server().app, ALICE, { cookie: first });
    expect(second).not.toBe(first);
    expectError(await userData(first), 401);
    expect((await userData(second)).statusCode).toBe(200);
  });

  it('stores only the SHA-256 of the token', async () => {
    const cookie = await server().signIn(BEN);
    const token = tokenOf(cookie);
    const rows = await server().database.db.select().from(sessions);
    expect(rows.map((r) => r.tokenHash)).toContain(hashToken(token));
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('logout ends the session, clears the cookie and answers {loggedOut:true}', async () => {
    const cookie = await server().signIn(ALICE);
    const res = await server().inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ loggedOut: true });
    const cleared = sessionCookie(res);
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());
    expectError(await userData(cookie), 401);
  });

  it('answers 401 without a cookie, with a garbage one and with a tampered one', async () => {
    const cookie = await server().signIn(ALICE);
    const tampered = cookie.slice(0, -1) + (cookie.endsWith('A') ? 'B' : 'A');
    for (const header of [undefined, 'castellan_session=garbage', 'castellan_session=', tampered]) {
      expectError(await userData(header), 401);
    }
    expect((await userData(cookie)).statusCode).toBe(200);
  });

  it('ends a session idle for longer than SESSION_IDLE_MINUTES, and deletes it', async () => {
    const cookie = await server().signIn(ALICE);
    await moveBack(cookie, { lastSeenAt: new Date(Date.now() - 25 * HOUR) });
    expectError(await userData(cookie), 401);
    const left = await server()
      .database.db.select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(tokenOf(cookie))));
    expect(left[0]?.n).toBe(0);
  });

  it('a request keeps an idle session alive by moving last-seen forward', async () => {
    const cookie = await server().signIn(ALICE);
    await moveBack(cookie, { lastSeenAt: new Date(Date.now() - 23 * HOUR) });
    expect((await userData(cookie)).statusCode).toBe(200);
    const [row] = await server()
      .database.db.select({ lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(tokenOf(cookie))));
    expect(Date.now() - (row?.lastSeenAt.getTime() ?? 0)).toBeLessThan(60_000);
  });

  it('ends a session past its absolute expiry however active it is', async () => {
    const cookie = await server().signIn(ALICE);
    await moveBack(cookie, { expiresAt: new Date(Date.now() - 1000) });
    expectError(await userData(cookie), 401);
  });

  it('is Secure behind a trusted proxy that says https, and only then', async () => {
    const https = await behindProxy().inject(login({ 'x-forwarded-proto': 'https' }));
    expect(sessionCookie(https)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    const http = await behindProxy().inject(login({ 'x-forwarded-proto': 'http' }));
    expect(sessionCookie(http)?.secure).toBeFalsy();
  });

  it('is Secure when PUBLIC_URL is https', async () => {
    const res = await httpsUrl().inject(login());
    expect(sessionCookie(res)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
  });
});

describe.each(databaseKinds())('the session cookie in production on %s', (kind) => {
  const PRODUCTION_COOKIE = `__Host-${SESSION_COOKIE}`;
  const seeded = useTestApp(kind, { seed: true });
  /** Production has no test login: a test-only route signs Alice in the way every sign-in does. */
  const production = (env: Record<string, string>) =>
    useTestApp(kind, {
      databaseOf: seeded,
      env: { NODE_ENV: 'production', ...env },
      setup: (app) => {
        app.get('/test-sign-in', async (request, reply) => {
          const db = seeded().database.db;
          const [alice] = await db.select().from(users).where(eq(users.email, ALICE));
          if (!alice) throw new Error('no Alice');
          await startSession(request, reply, testConfig({ NODE_ENV: 'production' }), db, alice);
          return { signedIn: true };
        });
      },
    });
  const overHttp = production({ PUBLIC_URL: 'http://castellan.internal' });
  const overHttps = production({ PUBLIC_URL: 'https://castellan.example.org' });
  const cookieOf = (res: { cookies: { name: string }[] }) =>
    res.cookies.find((c) => c.name === PRODUCTION_COOKIE) as
      | { value: string; path?: string; domain?: string; secure?: boolean; httpOnly?: boolean }
      | undefined;

  it('is __Host- prefixed, Secure, Path=/ and without Domain, even when PUBLIC_URL is http', async () => {
    for (const app of [overHttp, overHttps]) {
      const res = await app().inject({ url: '/test-sign-in' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.cookies.map((c) => c.name)).toEqual([PRODUCTION_COOKIE]);
      const cookie = cookieOf(res);
      expect(cookie).toMatchObject({ path: '/', secure: true, httpOnly: true });
      expect(cookie?.domain).toBeUndefined();
    }
  });

  it('is the only name read and cleared; logout clears it Secure', async () => {
    const signedIn = await overHttp().inject({ url: '/test-sign-in' });
    const token = cookieOf(signedIn)?.value ?? '';
    const userData = (cookie: string) =>
      overHttp().inject({ url: '/api/auth/user-data', headers: { cookie } });
    expect((await userData(`${PRODUCTION_COOKIE}=${token}`)).json()).toMatchObject({
      email: ALICE,
    });
    // A cookie without the prefix (which a sibling subdomain could plant) is not a session.
    expectError(await userData(`${SESSION_COOKIE}=${token}`), 401);

    const res = await overHttp().inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `${PRODUCTION_COOKIE}=${token}` },
    });
    expect(res.json()).toEqual({ loggedOut: true });
    expect(cookieOf(res)).toMatchObject({ value: '', path: '/', secure: true });
    expectError(await userData(`${PRODUCTION_COOKIE}=${token}`), 401);
  });

  it('the sign-in state cookie is Secure and __Secure- prefixed', async () => {
    const withGoogle = {
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_ISSUER: 'https://accounts.google.test',
    };
    const app = await buildApp(
      testConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'http://castellan.internal',
        ...withGoogle,
      }),
      { ...seeded().database, close: async () => {} },
    );
    try {
      // An unknown state is refused, which clears the cookie with the attributes it was set with.
      const res = await app.inject({ url: '/api/auth/google/callback?state=x&code=y' });
      const cleared = res.cookies.find((c) => c.name === '__Secure-castellan_oidc_state');
      expect(cleared).toMatchObject({ value: '', path: '/api/auth', secure: true });
    } finally {
      await app.close();
    }
  });
});

describe.each(databaseKinds())('restart on %s', (kind) => {
  it('a session survives closing the server and its database and starting again', async () => {
    const location = await freshDatabaseLocation(kind, { onDisk: true });
    try {
      const database = await location.open();
      await seedDemoData(database.db, PRODUCT_DOMAIN);
      const before = await buildApp(testConfig(), database);
      const cookie = await signIn(before, ALICE);
      await before.close(); // also closes the database

      const after = await buildApp(testConfig(), await location.open());
      try {
        const res = await after.inject({ url: '/api/auth/user-data', headers: { cookie } });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ email: ALICE });
      } finally {
        await after.close();
      }
    } finally {
      await location.dispose();
    }
  });
});
