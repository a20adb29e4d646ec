import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_SECRET_KEY,
  type FakeStripe,
  startFakeStripe,
} from '../../../test/fakes/stripe/fake-stripe';
import {
  STRIPE_API_VERSION,
  StripeApiError,
  StripeUnavailableError,
  stripeClient,
} from './stripe-client';

let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
});
afterAll(() => stripe.close());
beforeEach(() => stripe.reset());

const client = (secretKey = FAKE_SECRET_KEY, baseUrl = stripe.url) =>
  stripeClient({ secretKey, webhookSecret: null, baseUrl });

describe('stripeClient', () => {
  it('creates a customer and a portal session with Stripe’s headers and form body', async () => {
    const { id } = await client().createCustomer(
      { name: 'brightwave.example', metadata: { organization_id: 'org-1' } },
      'castellan-customer-org-1',
    );
    const session = await client().createPortalSession({
      customer: id,
      returnUrl: 'http://localhost:3000/tasks',
    });
    expect(session.url).toMatch(new RegExp(`^${stripe.url}/p/session/`));
    const [created, opened] = stripe.requests();
    expect(created).toMatchObject({
      path: '/v1/customers',
      params: { name: 'brightwave.example', metadata: { organization_id: 'org-1' } },
      idempotencyKey: 'castellan-customer-org-1',
      stripeVersion: STRIPE_API_VERSION,
    });
    expect(opened).toMatchObject({
      params: { customer: id, return_url: 'http://localhost:3000/tasks' },
    });
  });

  it('reads Stripe’s error envelope; a refused key is a misconfiguration, logged without its message', async () => {
    const refused = await client('sk_test_wrong5678')
      .createCustomer({ name: 'x', metadata: {} }, 'k1')
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(StripeApiError);
    const error = refused as StripeApiError;
    expect(error.misconfiguration).toBe(true);
    expect(error.requestId).toMatch(/^req_/);
    expect(JSON.stringify(error.logFields)).not.toContain('5678');

    const missing = (await client()
      .createPortalSession({ customer: 'cus_nobody', returnUrl: 'http://localhost:3000/' })
      .catch((e: unknown) => e)) as StripeApiError;
    expect(missing).toMatchObject({
      status: 400,
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'customer',
      message: "No such customer: 'cus_nobody'",
      misconfiguration: false,
    });
  });

  it('reports a Stripe that cannot be reached as unavailable', async () => {
    const error = await client(FAKE_SECRET_KEY, 'http://127.0.0.1:1')
      .createCustomer({ name: 'x', metadata: {} }, 'k2')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StripeUnavailableError);
    expect(String(error)).toMatch(/could not reach Stripe/);
  });
});
