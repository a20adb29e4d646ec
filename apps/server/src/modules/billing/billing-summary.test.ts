import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_SECRET_KEY,
  type FakeStripe,
  startFakeStripe,
} from '../../../test/fakes/stripe/fake-stripe';
import { ALICE, BEN, databaseKinds, expectError, useTestApp } from '../../../test/test-app';
import { SUMMARY_UNAVAILABLE } from './routes';

const OLIVIA = 'olivia.parker@tidewater.example';
const NOTHING = { subscription: null, nextInvoice: null };

describe.each(databaseKinds())('GET /api/billing/summary on %s', (kind) => {
  const env: Record<string, string> = {};
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    Object.assign(env, { STRIPE_SECRET_KEY: FAKE_SECRET_KEY, STRIPE_API_BASE_URL: stripe.url });
  });
  afterAll(() => stripe.close());
  const server = useTestApp(kind, { seed: true, env });
  beforeEach(() => stripe.clearRequests());

  const summary = async (who: string) =>
    server().inject({
      url: '/api/billing/summary',
      headers: { cookie: await server().signIn(who) },
    });
  /** The organisation's first visit to the portal makes its Stripe customer. */
  const customerOf = async (who: string, domain: string) => {
    const cookie = await server().signIn(who);
    await server().inject({
      url: '/api/customer-portal?return_url=%2Fsettings',
      headers: { cookie },
    });
    const customer = stripe.customers().find((c) => c.name === domain);
    if (!customer) throw new Error(`${domain} has no customer`);
    return customer.id;
  };
  const apiRequests = () => stripe.requests().filter((r) => r.path.startsWith('/v1/'));

  it('says so when the organisation has no Stripe customer yet, asking Stripe nothing', async () => {
    const res = await summary(ALICE);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ configured: true, hasCustomer: false, ...NOTHING });
    expect(apiRequests()).toEqual([]);
  });

  it('has no subscription and no invoice for a customer who has not subscribed', async () => {
    await customerOf(ALICE, 'brightwave.example');
    stripe.clearRequests();
    const res = await summary(ALICE);
    expect(res.json()).toEqual({ configured: true, hasCustomer: true, ...NOTHING });
    expect(apiRequests().map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/subscriptions']);
  });

  it('reads plan, seats, status and the next invoice from Stripe', async () => {
    const customer = await customerOf(ALICE, 'brightwave.example');
    const added = stripe.addSubscription({
      customer,
      plan: 'Castellan Team',
      seats: 12,
      unitAmount: 900,
      currency: 'eur',
    });
    stripe.clearRequests();
    const res = await summary(ALICE);
    expect(res.statusCode, res.body).toBe(200);
    const periodEnd = added.items.data[0]?.current_period_end ?? 0;
    expect(res.json()).toEqual({
      configured: true,
      hasCustomer: true,
      subscription: { plan: 'Castellan Team', seats: 12, status: 'active' },
      nextInvoice: {
        date: new Date((periodEnd + 3600) * 1000).toISOString(),
        amountDue: 10_800,
        currency: 'EUR',
      },
    });
    const [listed, previewed] = apiRequests();
    expect(listed).toMatchObject({
      method: 'GET',
      path: '/v1/subscriptions',
      params: { customer, expand: ['data.items.data.price.product'] },
      stripeVersion: '2026-10-28.endive',
    });
    expect(previewed).toMatchObject({
      method: 'POST',
      path: '/v1/invoices/create_preview',
      params: { customer, subscription: added.id },
    });
  });

  it('shows each administrator their own organisation only', async () => {
    const theirs = await customerOf(OLIVIA, 'tidewater.example');
    stripe.addSubscription({ customer: theirs, plan: 'Castellan Solo', seats: 3, unitAmount: 500 });
    const olivia = (await summary(OLIVIA)).json();
    expect(olivia.subscription).toEqual({ plan: 'Castellan Solo', seats: 3, status: 'active' });
    const alice = (await summary(ALICE)).json();
    expect(alice.subscription?.plan).toBe('Castellan Team');
    const customers = apiRequests()
      .filter((r) => r.path === '/v1/subscriptions')
      .map((r) => r.params.customer);
    expect(new Set(customers).size).toBe(2);
  });

  it('is for administrators: a member gets a 403 and Stripe is not asked', async () => {
    expectError(await summary(BEN), 403);
    expect(apiRequests()).toEqual([]);
  });

  it.each([
    ['/v1/subscriptions', 500],
    ['/v1/invoices/create_preview', 500],
    ['/v1/subscriptions', 429],
  ])('answers 502 with a plain message when Stripe fails at %s (%i)', async (path, status) => {
    stripe.failNext(path, status);
    expect(expectError(await summary(ALICE), 502)).toBe(SUMMARY_UNAVAILABLE);
  });
});

describe.each(databaseKinds())('GET /api/billing/summary without Stripe on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });

  it('says billing is not configured, with nothing else', async () => {
    const cookie = await server().signIn(ALICE);
    const res = await server().inject({ url: '/api/billing/summary', headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ configured: false, hasCustomer: false, ...NOTHING });
    expect(res.body).not.toMatch(/STRIPE/);
  });
});
