// The fake Stripe's subscriptions: what a test sets up for a customer (there is no checkout in the
// fake), `GET /v1/subscriptions` and `POST /v1/invoices/create_preview` answered in Stripe's
// shapes. Since API version 2025-03-31 the billing period lives on each subscription item, and
// the preview invoice replaces `GET /v1/invoices/upcoming`; the fake speaks that version.
import { type Answer, json } from '../kit/answers';
import type { FormValue } from './form';
import { invalidParam, stripeError } from './stripe-errors';
import { randomId } from './webhooks';

const DAY = 24 * 60 * 60;
/** Subscriptions that will send no more invoices. */
const ENDED = new Set(['canceled', 'incomplete_expired']);

export type FakeProduct = { id: string; object: 'product'; name: string; active: true };

export type FakePrice = {
  id: string;
  object: 'price';
  active: true;
  currency: string;
  nickname: string | null;
  product: string | FakeProduct;
  type: 'recurring';
  recurring: { interval: 'month' | 'year'; interval_count: 1; usage_type: 'licensed' };
  unit_amount: number;
};

export type FakeSubscriptionItem = {
  id: string;
  object: 'subscription_item';
  created: number;
  current_period_start: number;
  current_period_end: number;
  price: FakePrice;
  quantity: number;
  subscription: string;
};

export type FakeSubscription = {
  id: string;
  object: 'subscription';
  created: number;
  currency: string;
  customer: string;
  status: string;
  cancel_at_period_end: false;
  livemode: false;
  metadata: Record<string, string>;
  items: { object: 'list'; data: FakeSubscriptionItem[]; has_more: boolean; url: string };
};

/** What a test asks for: a customer's plan, at `unitAmount` (minor units) a seat. */
export type NewSubscription = {
  customer: string;
  plan: string;
  seats: number;
  unitAmount: number;
  /** Lower case, as Stripe writes it; default eur. */
  currency?: string;
  /** Default active. */
  status?: string;
  interval?: 'month' | 'year';
};

const list = <T>(url: string, data: T[], hasMore = false) => ({
  object: 'list' as const,
  data,
  has_more: hasMore,
  url,
});

const noSuchSubscription = (id: string) =>
  stripeError(400, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such subscription: '${id}'`,
    param: 'subscription',
  });

const noUpcomingInvoice = (customer: string) =>
  stripeError(400, {
    type: 'invalid_request_error',
    code: 'invoice_upcoming_none',
    message: `No upcoming invoices for customer: ${customer}`,
  });

const text = (v: FormValue | undefined) => (typeof v === 'string' ? v : null);

export function fakeSubscriptions(now: () => number) {
  const products = new Map<string, FakeProduct>();
  const subscriptions = new Map<string, FakeSubscription>();

  function add(input: NewSubscription): FakeSubscription {
    const created = now();
    const interval = input.interval ?? 'month';
    const id = randomId('sub', 14);
    const product: FakeProduct = {
      id: randomId('prod', 14),
      object: 'product',
      name: input.plan,
      active: true,
    };
    products.set(product.id, product);
    const currency = (input.currency ?? 'eur').toLowerCase();
    const item: FakeSubscriptionItem = {
      id: randomId('si', 14),
      object: 'subscription_item',
      created,
      current_period_start: created,
      current_period_end: created + (interval === 'month' ? 30 : 365) * DAY,
      price: {
        id: randomId('price', 14),
        object: 'price',
        active: true,
        currency,
        nickname: null,
        product: product.id,
        type: 'recurring',
        recurring: { interval, interval_count: 1, usage_type: 'licensed' },
        unit_amount: input.unitAmount,
      },
      quantity: input.seats,
      subscription: id,
    };
    const subscription: FakeSubscription = {
      id,
      object: 'subscription',
      created,
      currency,
      customer: input.customer,
      status: input.status ?? 'active',
      cancel_at_period_end: false,
      livemode: false,
      metadata: {},
      items: list(`/v1/subscription_items?subscription=${id}`, [item]),
    };
    subscriptions.set(id, subscription);
    return structuredClone(subscription);
  }

  /** The subscription with its items' products expanded when `expand[]` asks for them. */
  function shown(subscription: FakeSubscription, expand: string[]): FakeSubscription {
    const copy = structuredClone(subscription);
    if (expand.includes('data.items.data.price.product')) {
      for (const item of copy.items.data) {
        const product = products.get(item.price.product as string);
        if (product) item.price.product = product;
      }
    }
    return copy;
  }

  const of = (customer: string) =>
    [...subscriptions.values()].filter((s) => s.customer === customer).reverse();

  return {
    add,
    all: () => structuredClone([...subscriptions.values()]),
    /** The customer's newest subscription, for the webhook events the fake sends. */
    idOf: (customer: string) => of(customer)[0]?.id ?? null,
    clear: () => {
      products.clear();
      subscriptions.clear();
    },

    /** `GET /v1/subscriptions`: newest first, canceled ones only when `status` asks. */
    list(params: Record<string, FormValue>, knownCustomer: (id: string) => boolean): Answer {
      const customer = text(params.customer);
      if (customer !== null && !knownCustomer(customer)) {
        return stripeError(400, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such customer: '${customer}'`,
          param: 'customer',
        });
      }
      const status = text(params.status);
      const limit = Number(text(params.limit) ?? 10);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
        return invalidParam('limit', 'Invalid integer: limit must be between 1 and 100');
      }
      const expand = Array.isArray(params.expand) ? params.expand.filter((e) => e !== '') : [];
      const matching = (customer ? of(customer) : [...subscriptions.values()].reverse()).filter(
        (s) => (status === 'all' ? true : status ? s.status === status : s.status !== 'canceled'),
      );
      const page = matching.slice(0, limit).map((s) => shown(s, expand as string[]));
      return json(200, list('/v1/subscriptions', page, matching.length > limit));
    },

    /** `POST /v1/invoices/create_preview`: the next invoice of the customer's subscription. */
    preview(params: Record<string, FormValue>, knownCustomer: (id: string) => boolean): Answer {
      const customer = text(params.customer);
      const wanted = text(params.subscription);
      if (!customer && !wanted) {
        return invalidParam('customer', 'Must provide customer or subscription.');
      }
      if (customer && !knownCustomer(customer)) {
        return stripeError(400, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such customer: '${customer}'`,
          param: 'customer',
        });
      }
      const subscription = wanted
        ? subscriptions.get(wanted)
        : of(customer ?? '').find((s) => !ENDED.has(s.status));
      if (wanted && (!subscription || (customer && subscription.customer !== customer))) {
        return noSuchSubscription(wanted);
      }
      if (!subscription || ENDED.has(subscription.status)) {
        return noUpcomingInvoice(customer ?? subscription?.customer ?? '');
      }
      const lines = subscription.items.data.map((item) => ({
        id: randomId('il_tmp', 14),
        object: 'line_item',
        amount: item.price.unit_amount * item.quantity,
        currency: item.price.currency,
        description: `${item.quantity} seat × ${item.price.unit_amount}`,
        quantity: item.quantity,
        period: {
          start: item.current_period_end,
          end: item.current_period_end + (item.current_period_end - item.current_period_start),
        },
      }));
      const total = lines.reduce((sum, line) => sum + line.amount, 0);
      const first = subscription.items.data[0];
      const periodEnd = first?.current_period_end ?? now();
      return json(200, {
        id: `upcoming_${randomId('in', 14)}`,
        object: 'invoice',
        customer: subscription.customer,
        subscription: subscription.id,
        currency: subscription.currency,
        status: 'draft',
        amount_due: total,
        amount_paid: 0,
        amount_remaining: total,
        subtotal: total,
        total,
        created: periodEnd,
        // A subscription's invoice looks back on the period it follows.
        period_start: first?.current_period_start ?? periodEnd,
        period_end: periodEnd,
        // Stripe finalises a subscription's invoice about an hour after it is made.
        next_payment_attempt: periodEnd + 3600,
        livemode: false,
        lines: list(`/v1/invoices/upcoming/lines?customer=${subscription.customer}`, lines),
      });
    },
  };
}
