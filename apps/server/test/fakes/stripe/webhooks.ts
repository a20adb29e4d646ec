// Webhook deliveries as Stripe makes them (integrations-reference §4.5): the event as pretty
// JSON, `Stripe-Signature: t=<unix s>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed by whsec_…>`.
// A test may ask for a forged signature or a stale timestamp (a replay caught late).
import { createHmac, randomBytes } from 'node:crypto';

export const API_VERSION = '2026-10-28.endive';

/** How long ago a "stale" delivery was signed: well outside the 300 s tolerance. */
export const STALE_SECONDS = 3600;

export type Tamper = 'signature' | 'stale';

/** What the app answered a delivery. */
export type DeliveryAnswer = { status: number; body: string };

/** Sends one delivery: by default a POST to the app's /api/stripe/webhook. */
export type Deliver = (request: {
  headers: Record<string, string>;
  body: string;
}) => Promise<DeliveryAnswer>;

export type Delivery = { event: StripeEvent; payload: string; answer: DeliveryAnswer };

export type StripeEvent = {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
};

export const randomId = (prefix: string, length = 24) =>
  `${prefix}_${randomBytes(length).toString('base64url').replace(/[-_]/g, '').slice(0, length)}`;

export const signPayload = (secret: string, timestamp: number, payload: string) =>
  `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex')}`;

/** The headers of a delivery of `payload` signed with `secret`, or tampered with as asked. */
export function deliveryHeaders(secret: string, payload: string, tamper?: Tamper) {
  const now = Math.floor(Date.now() / 1000);
  const signature =
    tamper === 'signature'
      ? signPayload(`whsec_forged_${randomBytes(8).toString('hex')}`, now, payload)
      : signPayload(secret, tamper === 'stale' ? now - STALE_SECONDS : now, payload);
  return {
    'content-type': 'application/json; charset=utf-8',
    'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    'stripe-signature': signature,
  };
}

export function postTo(appUrl: string): Deliver {
  return async ({ headers, body }) => {
    const res = await fetch(`${appUrl}/api/stripe/webhook`, { method: 'POST', headers, body });
    return { status: res.status, body: await res.text() };
  };
}

/** A subscription event of `customer` (the subscription object is as small as Stripe allows). */
export function subscriptionEvent(input: {
  type: string;
  customer: string;
  subscription: string;
  status: string;
  created: number;
}): StripeEvent {
  return {
    id: randomId('evt'),
    object: 'event',
    api_version: API_VERSION,
    created: input.created,
    data: {
      object: {
        id: input.subscription,
        object: 'subscription',
        customer: input.customer,
        status: input.status,
        created: input.created,
        livemode: false,
        cancel_at_period_end: false,
        items: { object: 'list', data: [], has_more: false, url: '/v1/subscription_items' },
        metadata: {},
      },
    },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: input.type,
  };
}
