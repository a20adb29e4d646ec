import { eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ALICE, databaseKinds, expectError, useTestApp } from '../../../test/test-app';
import { analyticsEvents, organizations } from '../../db/schema';

const event = (path: string) => ({ type: 'page_view', path, occurredAt: new Date().toISOString() });

describe.each(databaseKinds())('analytics and client errors on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const post = (url: string, payload: unknown, cookie?: string) =>
    server().inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: cookie ? { cookie } : {},
    });

  it('stores page events, with the organisation of a signed-in user', async () => {
    const db = server().database.db;
    expect((await post('/api/analytics/events', { events: [event('/anonymous')] })).json()).toEqual(
      { accepted: 1 },
    );
    const cookie = await server().signIn(ALICE);
    const leave = {
      type: 'page_leave',
      path: '/tasks',
      occurredAt: new Date().toISOString(),
      durationMs: 1200,
    };
    expect(
      (await post('/api/analytics/events', { events: [event('/tasks'), leave] }, cookie)).json(),
    ).toEqual({ accepted: 2 });

    const anonymous = await db
      .select()
      .from(analyticsEvents)
      .where(isNull(analyticsEvents.organizationId));
    expect(anonymous.map((e) => e.path)).toEqual(['/anonymous']);
    const [org] = await db
      .select()
      .from(organizations)
      .where(eq(organizations.domain, 'brightwave.example'));
    const ours = await db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.organizationId, org?.id ?? ''));
    expect(ours.map((e) => [e.type, e.path, e.durationMs]).sort()).toEqual([
      ['page_leave', '/tasks', 1200],
      ['page_view', '/tasks', null],
    ]);
  });

  it('refuses malformed events', async () => {
    expectError(await post('/api/analytics/events', { events: [] }), 400);
    expectError(
      await post('/api/analytics/events', { events: [{ ...event('/x'), type: 'click' }] }),
      400,
    );
    expectError(await post('/api/analytics/events', { events: [event('no-slash')] }), 400);
    expectError(
      await post('/api/analytics/events', {
        events: Array.from({ length: 11 }, () => event('/x')),
      }),
      400,
    );
    expectError(
      await post('/api/analytics/events', { events: [event(`/${'a'.repeat(512)}`)] }),
      400,
    );
    for (const path of ['/reset?token=abc', '/tasks#step-2']) {
      expect(
        expectError(await post('/api/analytics/events', { events: [event(path)] }), 400),
      ).toMatch(/without query or fragment/);
    }
  });

  it('limits anonymous callers per address more tightly than signed-in users', async () => {
    const from = (remoteAddress: string, cookie?: string) =>
      server().inject({
        method: 'POST',
        url: '/api/analytics/events',
        payload: { events: [event('/limits')] },
        headers: cookie ? { cookie } : {},
        remoteAddress,
      });
    for (let i = 0; i < 30; i += 1) expect((await from('192.0.2.50')).statusCode).toBe(200);
    const limited = await from('192.0.2.50');
    expectError(limited, 429);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another address, and a signed-in user at the same address, are counted apart.
    expect((await from('192.0.2.51')).statusCode).toBe(200);
    const alice = await server().signIn(ALICE);
    for (let i = 0; i < 31; i += 1) expect((await from('192.0.2.50', alice)).statusCode).toBe(200);
  });

  it('accepts a browser error report and refuses an empty one', async () => {
    const ok = await post('/api/client-errors', {
      message: 'boom',
      url: 'http://localhost/tasks',
      stack: 'Error: boom',
    });
    expect(ok.json()).toEqual({ received: true });
    expectError(await post('/api/client-errors', { message: '', url: '/' }), 400);
  });
});

describe.each(databaseKinds())('GET /api/app-config on %s', (kind) => {
  const plain = useTestApp(kind);
  const withReporting = useTestApp(kind, {
    env: {
      POSTHOG_HOST: 'https://eu.posthog.example',
      POSTHOG_KEY: 'phc_public',
      SENTRY_DSN: 'https://abc@errors.example/42',
    },
  });

  it('tells the web app the product domain and that no reporting host is set', async () => {
    const res = await plain().inject({ url: '/api/app-config' });
    expect(res.json()).toEqual({
      productDomain: 'castellan.example',
      supportEmail: 'support@castellan.example',
      testLogin: true,
      posthog: null,
      sentryDsn: null,
    });
  });

  it('passes configured reporting hosts on and allows them in the CSP', async () => {
    const res = await withReporting().inject({ url: '/api/app-config' });
    expect(res.json()).toMatchObject({
      posthog: { host: 'https://eu.posthog.example', key: 'phc_public' },
      sentryDsn: 'https://abc@errors.example/42',
    });
    expect(res.headers['content-security-policy']).toContain(
      "connect-src 'self' https://eu.posthog.example https://errors.example",
    );
  });
});
