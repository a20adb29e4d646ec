import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_SECRET_KEY, type FakeStripe, startFakeStripe } from './fake-stripe';

let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe({ deliver: async () => ({ status: 200, body: '{}' }) });
});
afterAll(() => stripe.close());
beforeEach(() => stripe.reset());

const AUTH = { authorization: `Bearer ${FAKE_SECRET_KEY}` };
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary Stripe JSON
const read = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });
const get = async (query: string, headers = AUTH) =>
  read(await fetch(`${stripe.url}/v1/subscriptions?${query}`, { headers }));
const preview = async (form: string) =>
  read(
    await fetch(`${stripe.url}/v1/invoices/create_preview`, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    }),
  );
const newCustomer = async () => {
  const res = await fetch(`${stripe.url}/v1/customers`, {
    method: 'POST',
    headers: { ...AUTH, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'name=brightwave.example',
  });
  return ((await res.json()) as { id: string }).id;
};

describe('the fake Stripe’s subscriptions', () => {
  it('lists a customer’s subscriptions in Stripe’s list envelope, product expanded on request', async () => {
    const customer = await newCustomer();
    const added = stripe.addSubscription({ customer, plan: 'Team', seats: 4, unitAmount: 1200 });
    const plain = await get(`customer=${customer}`);
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({
      object: 'list',
      has_more: false,
      url: '/v1/subscriptions',
      data: [{ id: added.id, object: 'subscription', customer, status: 'active' }],
    });
    expect(plain.body.data[0].items.data[0]).toMatchObject({
      object: 'subscription_item',
      quantity: 4,
      price: { unit_amount: 1200, currency: 'eur', product: expect.stringMatching(/^prod_/) },
    });
    const expanded = await get(
      `customer=${customer}&expand[0]=${encodeURIComponent('data.items.data.price.product')}`,
    );
    expect(expanded.body.data[0].items.data[0].price.product).toMatchObject({
      object: 'product',
      name: 'Team',
    });
  });

  it('leaves canceled subscriptions out unless status=all, and pages with limit', async () => {
    const customer = await newCustomer();
    stripe.addSubscription({ customer, plan: 'Old', seats: 1, unitAmount: 1, status: 'canceled' });
    stripe.addSubscription({ customer, plan: 'A', seats: 1, unitAmount: 1 });
    stripe.addSubscription({ customer, plan: 'B', seats: 1, unitAmount: 1 });
    expect((await get(`customer=${customer}`)).body.data).toHaveLength(2);
    expect((await get(`customer=${customer}&status=all`)).body.data).toHaveLength(3);
    const page = await get(`customer=${customer}&limit=1`);
    expect([page.body.data.length, page.body.has_more]).toEqual([1, true]);
  });

  it('answers Stripe’s error envelope for an unknown customer and a bad key', async () => {
    const unknown = await get('customer=cus_nobody');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: "No such customer: 'cus_nobody'",
    });
    const badKey = await get('customer=cus_nobody', { authorization: 'Bearer sk_test_wrong1234' });
    expect(badKey.status).toBe(401);
    expect(badKey.body.error.type).toBe('invalid_request_error');
  });

  it('previews the next invoice: seats × unit amount, at the end of the period', async () => {
    const customer = await newCustomer();
    const added = stripe.addSubscription({
      customer,
      plan: 'Team',
      seats: 5,
      unitAmount: 900,
      currency: 'usd',
    });
    const res = await preview(`customer=${customer}&subscription=${added.id}`);
    expect(res.status).toBe(200);
    const periodEnd = added.items.data[0]?.current_period_end ?? 0;
    expect(res.body).toMatchObject({
      object: 'invoice',
      customer,
      subscription: added.id,
      amount_due: 4500,
      currency: 'usd',
      period_end: periodEnd,
      next_payment_attempt: periodEnd + 3600,
      lines: { object: 'list', data: [{ amount: 4500, quantity: 5 }] },
    });
  });

  it('has no invoice to preview for a customer without a live subscription', async () => {
    const customer = await newCustomer();
    const none = await preview(`customer=${customer}`);
    expect(none.status).toBe(400);
    expect(none.body.error).toMatchObject({
      code: 'invoice_upcoming_none',
      message: `No upcoming invoices for customer: ${customer}`,
    });
    expect((await preview('subscription=sub_nothere')).body.error.code).toBe('resource_missing');
    expect((await preview('')).body.error.code).toBe('parameter_invalid');
  });

  it('sets subscriptions up over the control API, refusing bad input', async () => {
    const customer = await newCustomer();
    const control = (body: unknown) =>
      fetch(`${stripe.url}/__fake/subscriptions`, { method: 'POST', body: JSON.stringify(body) });
    const made = await control({ customer, plan: 'Team', seats: 2, unitAmount: 700 });
    expect(made.status).toBe(200);
    expect(((await made.json()) as { customer: string }).customer).toBe(customer);
    expect(
      (await control({ customer: 'cus_x', plan: 'Team', seats: 2, unitAmount: 1 })).status,
    ).toBe(400);
    expect((await control({ customer, plan: 'Team', seats: 0, unitAmount: 1 })).status).toBe(400);
    const listed = await fetch(`${stripe.url}/__fake/subscriptions`);
    expect(((await listed.json()) as { subscriptions: unknown[] }).subscriptions).toHaveLength(1);
  });

  it('sends webhook events about the subscription a test set up', async () => {
    const customer = await newCustomer();
    const added = stripe.addSubscription({ customer, plan: 'Team', seats: 1, unitAmount: 1 });
    const delivery = await stripe.sendWebhook({
      type: 'customer.subscription.updated',
      customer,
      status: 'past_due',
    });
    expect((delivery.event.data.object as { id: string }).id).toBe(added.id);
  });
});
