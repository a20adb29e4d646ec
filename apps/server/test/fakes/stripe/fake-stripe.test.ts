import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_SECRET_KEY,
  FAKE_WEBHOOK_SECRET,
  type FakeStripe,
  startFakeStripe,
} from './fake-stripe';
import { parseStripeForm } from './form';

type Received = { headers: Record<string, string>; body: string };
const received: Received[] = [];
let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe({
    deliver: async (request) => {
      received.push(request);
      return { status: 200, body: '{"received":true}' };
    },
  });
});
afterAll(() => stripe.close());
beforeEach(() => {
  stripe.reset();
  received.length = 0;
});

const post = async (
  path: string,
  form: string,
  headers: Record<string, string> = { authorization: `Bearer ${FAKE_SECRET_KEY}` },
) => {
  const res = await fetch(`${stripe.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: form,
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary Stripe JSON
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
};
const auth = (key = FAKE_SECRET_KEY, more: Record<string, string> = {}) => ({
  authorization: `Bearer ${key}`,
  ...more,
});

describe('fake Stripe: form bodies', () => {
  it('reads bracket keys, encoded or not, into objects and indexed arrays', () => {
    expect(
      parseStripeForm(
        'name=Acme&metadata[organization_id]=o1&metadata%5Bplan%5D=pro&line_items[0][price]=p1&line_items[1][price]=p2&expand[0]=x',
      ),
    ).toEqual({
      name: 'Acme',
      metadata: { organization_id: 'o1', plan: 'pro' },
      line_items: [{ price: 'p1' }, { price: 'p2' }],
      expand: ['x'],
    });
    expect(parseStripeForm('a[b=1')).toBeNull();
  });
});

describe('fake Stripe: customers and portal sessions', () => {
  it('creates a customer with its metadata, with a Request-Id', async () => {
    const res = await post(
      '/v1/customers',
      'name=brightwave.example&metadata[organization_id]=org-1',
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('request-id')).toMatch(/^req_/);
    expect(res.body).toMatchObject({
      id: expect.stringMatching(/^cus_/),
      object: 'customer',
      name: 'brightwave.example',
      metadata: { organization_id: 'org-1' },
      livemode: false,
    });
    expect(stripe.customers()).toHaveLength(1);
  });

  it('answers 401 with Stripe’s envelope without a key or with a wrong one', async () => {
    const none = await post('/v1/customers', 'name=x', {});
    expect(none.status).toBe(401);
    expect(none.body.error).toMatchObject({ type: 'invalid_request_error' });
    const wrong = await post('/v1/customers', 'name=x', auth('sk_test_wrongkey1234'));
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.message).toBe('Invalid API Key provided: sk_test_********1234');
    expect(stripe.customers()).toEqual([]);
    const basic = `Basic ${Buffer.from(`${FAKE_SECRET_KEY}:`).toString('base64')}`;
    expect((await post('/v1/customers', 'name=x', { authorization: basic })).status).toBe(200);
  });

  it('replays an idempotent request and refuses the key with other parameters', async () => {
    const key = { 'idempotency-key': 'castellan-customer-org-1' };
    const first = await post('/v1/customers', 'name=a.example', auth(undefined, key));
    const again = await post('/v1/customers', 'name=a.example', auth(undefined, key));
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await post('/v1/customers', 'name=b.example', auth(undefined, key));
    expect(other.status).toBe(400);
    expect(other.body.error.type).toBe('idempotency_error');
    expect(stripe.customers()).toHaveLength(1);
  });

  it('opens a portal session whose page names the customer and leads back to return_url', async () => {
    const { body: customer } = await post('/v1/customers', 'name=brightwave.example');
    const returnUrl = 'http://127.0.0.1:3000/tasks?x=1&y=2';
    const res = await post(
      '/v1/billing_portal/sessions',
      `customer=${customer.id}&return_url=${encodeURIComponent(returnUrl)}`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      object: 'billing_portal.session',
      customer: customer.id,
      return_url: returnUrl,
      url: expect.stringContaining(`${stripe.url}/p/session/`),
    });
    const page = await (await fetch(res.body.url)).text();
    expect(page).toContain('brightwave.example');
    expect(page).toContain('href="http://127.0.0.1:3000/tasks?x=1&amp;y=2">Return to Castellan');
    expect((await fetch(`${stripe.url}/p/session/test_nothing`)).status).toBe(404);
  });

  it('refuses a session of an unknown customer, or without one', async () => {
    const unknown = await post('/v1/billing_portal/sessions', 'customer=cus_nobody');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: "No such customer: 'cus_nobody'",
      param: 'customer',
    });
    const missing = await post('/v1/billing_portal/sessions', 'return_url=https://a.example/');
    expect(missing.body.error).toMatchObject({ code: 'parameter_missing', param: 'customer' });
  });

  it('fails the next requests as asked, then answers again', async () => {
    stripe.failNext('/v1/customers', 500);
    expect((await post('/v1/customers', 'name=x')).body.error.type).toBe('api_error');
    expect((await post('/v1/customers', 'name=x')).status).toBe(200);
  });
});

describe('fake Stripe: webhooks', () => {
  const signatureOf = (r: Received) => {
    const [t, v1] = r.headers['stripe-signature']?.split(',') ?? [];
    return { t: Number(t?.slice(2)), v1: v1?.slice(3) };
  };
  const hmac = (secret: string, t: number, body: string) =>
    createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

  it('signs a delivery as Stripe does: t=<now>,v1=HMAC(secret, "t.body")', async () => {
    const delivery = await stripe.sendWebhook({
      type: 'customer.subscription.updated',
      customer: 'cus_1',
      status: 'active',
    });
    const [r] = received;
    if (!r) throw new Error('nothing delivered');
    expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
    const { t, v1 } = signatureOf(r);
    expect(Math.abs(t - Date.now() / 1000)).toBeLessThan(60);
    expect(v1).toBe(hmac(FAKE_WEBHOOK_SECRET, t, r.body));
    expect(JSON.parse(r.body)).toMatchObject({
      id: delivery.event.id,
      object: 'event',
      type: 'customer.subscription.updated',
      data: { object: { object: 'subscription', customer: 'cus_1', status: 'active' } },
    });
    expect(delivery.answer).toEqual({ status: 200, body: '{"received":true}' });
  });

  it('forges or backdates a delivery when asked, and redelivers the last event as it was', async () => {
    const event = { type: 'customer.subscription.updated', customer: 'cus_1', status: 'active' };
    await stripe.sendWebhook(event);
    await stripe.sendWebhook({ ...event, tamper: 'signature' });
    await stripe.sendWebhook({ ...event, tamper: 'stale' });
    await stripe.redeliver();
    const [good, forged, stale, again] = received.map((r) => ({ r, ...signatureOf(r) }));
    if (!good || !forged || !stale || !again) throw new Error('not all delivered');
    expect(forged.v1).not.toBe(hmac(FAKE_WEBHOOK_SECRET, forged.t, forged.r.body));
    expect(stale.v1).toBe(hmac(FAKE_WEBHOOK_SECRET, stale.t, stale.r.body));
    expect(Date.now() / 1000 - stale.t).toBeGreaterThan(300);
    expect(again.r.body).toBe(good.r.body);
    expect(again.v1).toBe(hmac(FAKE_WEBHOOK_SECRET, again.t, again.r.body));
    const first = JSON.parse(good.r.body).id as string;
    await stripe.sendWebhook({ ...event, status: 'past_due' });
    expect((await stripe.redeliver(first))?.event.id).toBe(first);
    expect(received.at(-1)?.body).toBe(good.r.body);
    expect(await stripe.redeliver('evt_never')).toBeNull();
  });

  it('sends over HTTP controls too, answering with what the app said', async () => {
    const res = await fetch(`${stripe.url}/__fake/webhooks/send`, {
      method: 'POST',
      body: JSON.stringify({
        type: 'customer.subscription.deleted',
        customer: 'cus_2',
        status: 'canceled',
      }),
    });
    expect(await res.json()).toMatchObject({
      event: { type: 'customer.subscription.deleted' },
      app: { status: 200 },
    });
    const bad = await fetch(`${stripe.url}/__fake/webhooks/send`, {
      method: 'POST',
      body: JSON.stringify({ type: 'x', customer: 'c', status: 's', tamper: 'maybe' }),
    });
    expect(bad.status).toBe(400);
  });
});
