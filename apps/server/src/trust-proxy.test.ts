import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cookieHeader, databaseKinds, expectError, SAM, useTestApp } from '../test/test-app';
import { auditEvents, users } from './db/schema';

const PROXY = '10.20.30.40';
/** Test login allows 30 attempts a minute per client address. */
const LIMIT = 30;

describe.each(databaseKinds())('the client address behind a proxy on %s', (kind) => {
  const oneHop = useTestApp(kind, { seed: true, env: { TRUST_PROXY: '1' } });
  const listedProxy = useTestApp(kind, {
    databaseOf: oneHop,
    env: { TRUST_PROXY: `${PROXY},192.168.0.0/16` },
  });

  /** A test-login attempt through the proxy, which appends the address it saw. */
  const attempt = (
    server: typeof oneHop,
    forwardedFor: string,
    remoteAddress = PROXY,
    email = 'nobody@brightwave.example',
  ) =>
    server().inject({
      method: 'POST',
      url: '/api/auth/test-login',
      payload: { email },
      headers: { 'x-forwarded-for': forwardedFor },
      remoteAddress,
    });

  it.each([
    ['one trusted hop', oneHop, '203.0.113.1'],
    ['a list of trusted proxies', listedProxy, '203.0.113.2'],
  ])(
    'with %s, a client rotating a forged X-Forwarded-For is still rate limited',
    async (_, server, client) => {
      for (let i = 0; i < LIMIT; i += 1) {
        const res = await attempt(server, `198.51.100.${i}, ${client}`);
        expect(res.statusCode).toBe(404);
      }
      expectError(await attempt(server, `198.51.100.250, ${client}`), 429);
      // Another client behind the same proxy is counted on its own.
      expect((await attempt(server, `198.51.100.1, 203.0.113.99`)).statusCode).toBe(404);
    },
  );

  it('a peer that is not a listed proxy is taken at its own address', async () => {
    const peer = '198.18.0.7';
    for (let i = 0; i < LIMIT; i += 1) {
      expect((await attempt(listedProxy, `192.0.2.${i}`, peer)).statusCode).toBe(404);
    }
    expectError(await attempt(listedProxy, '192.0.2.200', peer), 429);
  });

  it('audit records keep the address the proxy saw, not the forged one', async () => {
    const [ben] = await oneHop()
      .database.db.select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'ben.carter@brightwave.example'));
    const signedIn = await attempt(oneHop, '1.2.3.4, 203.0.113.50', PROXY, SAM);
    expect(signedIn.statusCode).toBe(200);
    const started = await oneHop().inject({
      method: 'POST',
      url: '/api/impersonation',
      payload: { userId: ben?.id },
      headers: {
        cookie: cookieHeader(signedIn),
        'x-forwarded-for': '1.2.3.4, 203.0.113.50',
      },
      remoteAddress: PROXY,
    });
    expect(started.statusCode, started.body).toBe(200);
    const [event] = await oneHop()
      .database.db.select({ details: auditEvents.details })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'impersonation.started'),
          eq(auditEvents.subjectEmail, 'ben.carter@brightwave.example'),
        ),
      );
    expect(event?.details).toMatchObject({ ip: '203.0.113.50' });
  });
});
