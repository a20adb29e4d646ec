import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_SECRET_KEY,
  FAKE_WEBHOOK_SECRET,
  type FakeStripe,
  startFakeStripe,
} from '../../../test/fakes/stripe/fake-stripe';
import {
  ALICE,
  BEN,
  createTestApp,
  databaseKinds,
  expectError,
  type TestApp,
  useTestApp,
} from '../../../test/test-app';
import { organizations, stripeEvents } from '../../db/schema';
import { SIGNATURE_ERRORS, signatureHeader } from './webhook-signature';

const OLIVIA = 'olivia.parker@tidewater.example';
const APP = 'http://localhost:3000';

describe.each(databaseKinds())('billing through Stripe on %s', (kind) => {
  const env: Record<string, string> = {};
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe({
      deliver: async ({ headers, body }) => {
        const res = await server().app.inject({
          method: 'POST',
          url: '/api/stripe/webhook',
          headers,
          payload: body,
        });
        return { status: res.statusCode, body: res.body };
      },
    });
    Object.assign(env, {
      STRIPE_SECRET_KEY: FAKE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      STRIPE_API_BASE_URL: stripe.url,
    });
  });
  afterAll(() => stripe.close());
  const server = useTestApp(kind, { seed: true, env });
  beforeEach(() => stripe.clearRequests());

  const organizationOf = async (domain: string) => {
    const [row] = await server()
      .database.db.select()
      .from(organizations)
      .where(eq(organizations.domain, domain));
    if (!row) throw new Error(`no organisation ${domain}`);
    return row;
  };
  const portal = async (cookie: string, returnUrl: string) =>
    server().inject({
      url: `/api/customer-portal?return_url=${encodeURIComponent(returnUrl)}`,
      headers: { cookie },
    });
  const billing = async (cookie: string) =>
    (await server().inject({ url: '/api/billing', headers: { cookie } })).json();
  const apiRequests = () => stripe.requests().filter((r) => r.path.startsWith('/v1/'));

  describe('the customer portal', () => {
    it.each([
      'https://evil.example/',
      '//evil.example/tasks',
      'javascript:alert(1)',
      '/\\evil.example',
      'http://localhost:3001/tasks',
    ])('refuses return_url %s with a 400, asking Stripe nothing', async (returnUrl) => {
      const cookie = await server().signIn(ALICE);
      expect(expectError(await portal(cookie, returnUrl), 400)).toBe(
        'return_url must be an address of this app.',
      );
      expect(apiRequests()).toEqual([]);
    });

    it('creates the customer on first use, then sends the browser to its portal session', async () => {
      const cookie = await server().signIn(ALICE);
      const brightwave = await organizationOf('brightwave.example');
      const res = await portal(cookie, `${APP}/tasks?filter=open`);
      expect(res.statusCode, res.body).toBe(303);
      const [customer] = stripe.customers();
      expect(customer).toMatchObject({
        name: 'brightwave.example',
        metadata: { organization_id: brightwave.id },
      });
      const [session] = stripe.sessions();
      expect(session).toMatchObject({
        customer: customer?.id,
        return_url: `${APP}/tasks?filter=open`,
      });
      expect(res.headers.location).toBe(session?.url);
      expect((await organizationOf('brightwave.example')).stripeCustomerId).toBe(customer?.id);
      const [created, opened] = apiRequests();
      expect(created).toMatchObject({
        path: '/v1/customers',
        idempotencyKey: `castellan-customer-${brightwave.id}`,
        stripeVersion: '2026-10-28.endive',
      });
      expect(opened).toMatchObject({
        path: '/v1/billing_portal/sessions',
        idempotencyKey: expect.any(String),
      });

      // The next visit, with a path as return_url, opens a session of the same customer.
      const again = await portal(cookie, '/settings');
      expect(again.statusCode).toBe(303);
      expect(stripe.customers()).toHaveLength(1);
      expect(stripe.sessions()[1]).toMatchObject({
        customer: customer?.id,
        return_url: `${APP}/settings`,
      });
    });

    it('creates one customer when two first visits come at once', async () => {
      const cookie = await server().signIn(OLIVIA);
      const before = stripe.customers().length;
      const answers = await Promise.all([
        portal(cookie, `${APP}/dashboard`),
        portal(cookie, `${APP}/users`),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([303, 303]);
      const theirs = stripe.customers().slice(before);
      expect(theirs).toHaveLength(1);
      const stored = (await organizationOf('tidewater.example')).stripeCustomerId;
      expect(stored).toBe(theirs[0]?.id);
      expect(
        stripe
          .sessions()
          .slice(-2)
          .map((s) => s.customer),
      ).toEqual([stored, stored]);
    });

    it('is for administrators: a member goes to the overview, a visitor to sign in', async () => {
      const member = await portal(await server().signIn(BEN), `${APP}/tasks`);
      expect([member.statusCode, member.headers.location]).toEqual([303, '/dashboard']);
      const anonymous = await server().inject({
        url: `/api/customer-portal?return_url=${encodeURIComponent(`${APP}/tasks`)}`,
      });
      expect([anonymous.statusCode, anonymous.headers.location]).toEqual([303, '/?login=true']);
      expect(apiRequests()).toEqual([]);
    });

    it('sends the browser to Settings saying billing is unavailable when Stripe fails', async () => {
      const cookie = await server().signIn(ALICE);
      stripe.failNext('/v1/billing_portal/sessions', 500);
      const res = await portal(cookie, `${APP}/tasks`);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/settings?billing=unavailable#billing');
    });
  });

  describe('the webhook', () => {
    const send = (
      customer: string,
      status: string,
      more: { type?: string; created?: number; tamper?: 'signature' | 'stale' } = {},
    ) =>
      stripe.sendWebhook({
        type: more.type ?? 'customer.subscription.updated',
        customer,
        status,
        ...(more.created === undefined ? {} : { created: more.created }),
        ...(more.tamper ? { tamper: more.tamper } : {}),
      });
    const post = (payload: string, headers: Record<string, string>) =>
      server().app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
        payload,
      });
    const signedNow = (payload: string) => ({
      'stripe-signature': signatureHeader(
        FAKE_WEBHOOK_SECRET,
        Math.floor(Date.now() / 1000),
        payload,
      ),
    });
    const customerOf = async (domain: string) => {
      const id = (await organizationOf(domain)).stripeCustomerId;
      if (!id) throw new Error(`${domain} has no Stripe customer yet`);
      return id;
    };
    const statusOf = async (domain: string) => (await organizationOf(domain)).subscriptionStatus;
    const body = (res: { body: string }) => JSON.parse(res.body);

    beforeAll(async () => {
      // Brightwave's customer exists (the tests above); Tidewater's too.
      await customerOf('brightwave.example');
    });

    it('records the status of a signed event, which GET /api/billing shows', async () => {
      const cookie = await server().signIn(ALICE);
      expect(await billing(cookie)).toEqual({ configured: true, subscription: null });
      const created = Math.floor(Date.now() / 1000) - 10;
      const delivery = await send(await customerOf('brightwave.example'), 'active', {
        type: 'customer.subscription.created',
        created,
      });
      expect(delivery.answer.status).toBe(200);
      expect(body(delivery.answer)).toEqual({ received: true });
      expect(await billing(cookie)).toEqual({
        configured: true,
        subscription: { status: 'active', updatedAt: new Date(created * 1000).toISOString() },
      });
    });

    it('refuses a forged, a stale, an unsigned or a malformed delivery with 400', async () => {
      const customer = await customerOf('brightwave.example');
      const before = await statusOf('brightwave.example');
      const forged = await send(customer, 'unpaid', { tamper: 'signature' });
      expect(forged.answer.status).toBe(400);
      expect(body(forged.answer)).toEqual({ error: SIGNATURE_ERRORS.noMatch });
      const stale = await send(customer, 'unpaid', { tamper: 'stale' });
      expect(stale.answer.status).toBe(400);
      expect(body(stale.answer)).toEqual({ error: SIGNATURE_ERRORS.tooOld });
      const unsigned = await post(forged.payload, {});
      expect(expectError(unsigned, 400)).toBe(SIGNATURE_ERRORS.noHeader);
      const noV1 = await post(forged.payload, { 'stripe-signature': 't=1767225600' });
      expect(expectError(noV1, 400)).toBe(SIGNATURE_ERRORS.noScheme);
      const notJson = '{"id": "evt_1", ';
      expect(expectError(await post(notJson, signedNow(notJson)), 400)).toBe(
        'The request body is not valid JSON.',
      );
      const notEvent = '{"hello": "world"}';
      expectError(await post(notEvent, signedNow(notEvent)), 400);
      expect(await statusOf('brightwave.example')).toBe(before);
      // None of them was recorded as handled.
      const handled = await server()
        .database.db.select()
        .from(stripeEvents)
        .where(eq(stripeEvents.id, forged.event.id));
      expect(handled).toEqual([]);
    });

    it('handles an event once, however often it is delivered', async () => {
      const customer = await customerOf('brightwave.example');
      const created = Math.floor(Date.now() / 1000);
      const first = await send(customer, 'past_due', { created });
      const second = await send(customer, 'active', { created });
      expect(await statusOf('brightwave.example')).toBe('active');
      // The first event again, newly signed (a retry): it does not set past_due again.
      const retry = await post(first.payload, signedNow(first.payload));
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual({ received: true });
      expect(await statusOf('brightwave.example')).toBe('active');
      const redelivered = await stripe.redeliver();
      expect(redelivered?.event.id).toBe(second.event.id);
      expect(redelivered?.answer.status).toBe(200);
      const rows = await server()
        .database.db.select()
        .from(stripeEvents)
        .where(eq(stripeEvents.id, first.event.id));
      expect(rows).toHaveLength(1);
    });

    it('keeps the newest status when events arrive out of order; deleted means canceled', async () => {
      const customer = await customerOf('brightwave.example');
      const now = Math.floor(Date.now() / 1000) + 100;
      await send(customer, 'paused', { type: 'customer.subscription.paused', created: now });
      await send(customer, 'active', { created: now - 50 });
      expect(await statusOf('brightwave.example')).toBe('paused');
      await send(customer, 'active', { type: 'customer.subscription.deleted', created: now + 1 });
      expect(await statusOf('brightwave.example')).toBe('canceled');
    });

    it('changes only the organisation of the event’s customer; others are recorded and ignored', async () => {
      const cookie = await server().signIn(OLIVIA);
      const tidewater = await customerOf('tidewater.example');
      const brightwaveBefore = await organizationOf('brightwave.example');
      const later = Math.floor(Date.now() / 1000) + 1000;
      await send(tidewater, 'trialing', { created: later });
      expect(await statusOf('tidewater.example')).toBe('trialing');
      expect((await billing(cookie)).subscription.status).toBe('trialing');
      const unknown = await send('cus_of_nobody', 'active', { created: later + 1 });
      expect(unknown.answer.status).toBe(200);
      const invoice = await send(tidewater, 'paid', { type: 'invoice.paid', created: later + 2 });
      expect(invoice.answer.status).toBe(200);
      expect(await statusOf('tidewater.example')).toBe('trialing');
      const brightwaveAfter = await organizationOf('brightwave.example');
      expect(brightwaveAfter.subscriptionStatus).toBe(brightwaveBefore.subscriptionStatus);
      expect(brightwaveAfter.subscriptionUpdatedAt).toEqual(brightwaveBefore.subscriptionUpdatedAt);
      expect((await organizationOf('northfield.example')).subscriptionStatus).toBeNull();
    });

    it('takes events larger than the API’s 64 KB limit', async () => {
      const customer = await customerOf('tidewater.example');
      const event = {
        id: 'evt_large_one',
        object: 'event',
        type: 'customer.subscription.updated',
        created: Math.floor(Date.now() / 1000) + 2000,
        data: {
          object: { object: 'subscription', customer, status: 'active', note: 'x'.repeat(100_000) },
        },
      };
      const payload = JSON.stringify(event);
      const res = await post(payload, signedNow(payload));
      expect(res.statusCode, res.body).toBe(200);
      expect(await statusOf('tidewater.example')).toBe('active');
    });

    it('is for administrators: GET /api/billing answers a member 403', async () => {
      expectError(
        await server().inject({
          url: '/api/billing',
          headers: { cookie: await server().signIn(BEN) },
        }),
        403,
      );
    });
  });
});

describe.each(databaseKinds())('billing without Stripe configured on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });

  it('sends the browser to Settings saying billing is not set up', async () => {
    const cookie = await server().signIn(ALICE);
    const res = await server().inject({
      url: `/api/customer-portal?return_url=${encodeURIComponent(`${APP}/tasks`)}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/settings?billing=not-configured#billing');
    const state = await server().inject({ url: '/api/billing', headers: { cookie } });
    expect(state.json()).toEqual({ configured: false, subscription: null });
  });

  it('lets one client open the portal 30 times a minute', async () => {
    const cookie = await server().signIn(ALICE);
    const visit = () =>
      server().inject({
        url: '/api/customer-portal?return_url=%2Ftasks',
        headers: { cookie },
        remoteAddress: '203.0.113.30',
      });
    for (let i = 0; i < 30; i += 1) expect((await visit()).statusCode).toBe(303);
    expectError(await visit(), 429);
  });

  it('answers the webhook 503 with a clear error', async () => {
    const payload = '{"id":"evt_1"}';
    const res = await server().app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signatureHeader('whsec_x', Math.floor(Date.now() / 1000), payload),
      },
      payload,
    });
    expect(expectError(res, 503)).toMatch(/not set up on this server/);
  });
});

describe.each(databaseKinds())('billing when Stripe refuses the key on %s', (kind) => {
  let stripe: FakeStripe;
  let app: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    stripe = await startFakeStripe();
    const { Writable } = await import('node:stream');
    app = await createTestApp(kind, {
      seed: true,
      env: {
        LOG_LEVEL: 'warn',
        STRIPE_SECRET_KEY: 'sk_test_notthekey_secret',
        STRIPE_API_BASE_URL: stripe.url,
      },
      logStream: new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    });
  });
  afterAll(async () => {
    await app?.close();
    await stripe?.close();
  });

  it('lands on Settings saying billing is unavailable, and logs why without the key', async () => {
    const cookie = await app.signIn(ALICE);
    const res: LightMyRequestResponse = await app.inject({
      url: `/api/customer-portal?return_url=${encodeURIComponent('/tasks')}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/settings?billing=unavailable#billing');
    const log = lines.join('');
    expect(log).toMatch(/STRIPE_SECRET_KEY/);
    expect(log).toMatch(/"status":401/);
    // A marker no timestamp or id can hold by chance.
    expect(log).not.toMatch(/notthekey/);
  });
});
