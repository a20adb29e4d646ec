import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { StripeConfig } from '../../config';
import { fetchWithTimeout } from '../integrations/kit/fetch-with-timeout';
import { type StripeParam, stripeForm } from './stripe-form';

/** The API version this client speaks (the one stripe-node 23.1 pins). */
export const STRIPE_API_VERSION = '2026-10-28.endive';
const TIMEOUT_MS = 10_000;

/**
 * Stripe answered with an error (integrations-reference §4.6). 401 and 403 mean the product's own
 * key is wrong or lacks a permission: a misconfiguration of this server, not the customer's doing.
 */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string | null,
    readonly code: string | null,
    readonly param: string | null,
    readonly requestId: string | null,
    message: string,
  ) {
    super(message);
  }

  get misconfiguration(): boolean {
    return this.status === 401 || this.status === 403;
  }

  /** What may be logged: never the message of a 401, which quotes part of the key. */
  get logFields() {
    return {
      status: this.status,
      type: this.type,
      code: this.code,
      param: this.param,
      requestId: this.requestId,
      ...(this.status === 401 ? {} : { stripeMessage: this.message }),
    };
  }
}

/** No answer from Stripe (network error, timeout) or one of an unexpected shape. */
export class StripeUnavailableError extends Error {}

const errorEnvelope = z.object({
  error: z.looseObject({
    type: z.string().optional(),
    code: z.string().optional(),
    param: z.string().optional(),
    message: z.string().optional(),
  }),
});

const customer = z.looseObject({
  id: z.string().startsWith('cus_'),
  object: z.literal('customer'),
});
const portalSession = z.looseObject({
  id: z.string(),
  object: z.literal('billing_portal.session'),
  url: z.url(),
});

/** A product: the plan's name, when Stripe sends it expanded. */
const product = z.looseObject({ id: z.string(), object: z.literal('product'), name: z.string() });
const subscription = z.looseObject({
  id: z.string().startsWith('sub_'),
  object: z.literal('subscription'),
  status: z.string().min(1),
  items: z.looseObject({
    data: z.array(
      z.looseObject({
        quantity: z.number().int().nonnegative().nullish(),
        // Since API version 2025-03-31 the period is the item's, not the subscription's.
        current_period_end: z.number().int().nullish(),
        price: z.looseObject({
          nickname: z.string().nullish(),
          currency: z.string(),
          product: z.union([z.string(), product]),
        }),
      }),
    ),
  }),
});
export type StripeSubscription = z.output<typeof subscription>;
const subscriptionList = z.looseObject({
  object: z.literal('list'),
  data: z.array(subscription),
  has_more: z.boolean(),
});
const invoice = z.looseObject({
  object: z.literal('invoice'),
  amount_due: z.number().int(),
  currency: z.string().length(3),
  next_payment_attempt: z.number().int().nullish(),
  period_end: z.number().int(),
});
export type StripeInvoice = z.output<typeof invoice>;

/** Stripe's code for "this customer has nothing to invoice next" (no subscription to bill). */
const NO_UPCOMING_INVOICE = 'invoice_upcoming_none';

export type StripeClient = {
  /** `POST /v1/customers`; Stripe answers the same customer again to a repeated `idempotencyKey`. */
  createCustomer(
    params: { name: string; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<{ id: string }>;
  /** `POST /v1/billing_portal/sessions`: the short-lived address of the customer's portal. */
  createPortalSession(params: { customer: string; returnUrl: string }): Promise<{ url: string }>;
  /**
   * `GET /v1/subscriptions?customer=…` (Stripe leaves out canceled ones unless asked), with each
   * item's product expanded for its name; the first page, newest first.
   */
  listSubscriptions(customer: string): Promise<StripeSubscription[]>;
  /**
   * `POST /v1/invoices/create_preview`: the invoice Stripe will send next for the subscription;
   * null when there is none to send. This client's API version no longer has
   * `GET /v1/invoices/upcoming` (removed in 2025-03-31.basil), hence the preview.
   */
  previewInvoice(params: { customer: string; subscription: string }): Promise<StripeInvoice | null>;
};

export function stripeClient(config: StripeConfig): StripeClient {
  /** A GET (params in the query) or a POST (params in the form body, with an idempotency key). */
  async function call<S extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    params: Record<string, StripeParam>,
    schema: S,
    idempotencyKey: string = randomUUID(),
  ): Promise<z.output<S>> {
    const where = `Stripe ${method} ${path}`;
    const url = new URL(path, `${config.baseUrl}/`);
    const headers: Record<string, string> = {
      authorization: `Bearer ${config.secretKey}`,
      'stripe-version': STRIPE_API_VERSION,
      accept: 'application/json',
    };
    if (method === 'GET') {
      url.search = stripeForm(params);
    } else {
      headers['idempotency-key'] = idempotencyKey;
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    const answer = await fetchWithTimeout(
      where,
      url,
      { method, headers, ...(method === 'POST' ? { body: stripeForm(params) } : {}) },
      TIMEOUT_MS,
      undefined,
      { site: 'Stripe', failure: (message) => new StripeUnavailableError(message) },
    );
    const requestId = answer.headers.get('request-id');
    if (answer.status >= 400) {
      const envelope = errorEnvelope.safeParse(answer.body);
      const e = envelope.success ? envelope.data.error : {};
      throw new StripeApiError(
        answer.status,
        e.type ?? null,
        e.code ?? null,
        e.param ?? null,
        requestId,
        e.message ?? `${where}: HTTP ${answer.status}`,
      );
    }
    const parsed = schema.safeParse(answer.body);
    if (!parsed.success) {
      throw new StripeUnavailableError(`${where}: unexpected answer (request ${requestId})`);
    }
    return parsed.data;
  }

  return {
    createCustomer: async ({ name, metadata }, idempotencyKey) => {
      const created = await call(
        'POST',
        'v1/customers',
        { name, metadata },
        customer,
        idempotencyKey,
      );
      return { id: created.id };
    },
    createPortalSession: async ({ customer: id, returnUrl }) => {
      // Every POST carries a key, as stripe-node's do; a portal session needs no stable one.
      const session = await call(
        'POST',
        'v1/billing_portal/sessions',
        { customer: id, return_url: returnUrl },
        portalSession,
      );
      return { url: session.url };
    },
    listSubscriptions: async (id) => {
      // Assumption: Stripe allows this four-level expansion (`data.` of a list counts as one).
      const list = await call(
        'GET',
        'v1/subscriptions',
        { customer: id, expand: ['data.items.data.price.product'] },
        subscriptionList,
      );
      return list.data;
    },
    previewInvoice: async ({ customer: id, subscription: sub }) => {
      try {
        return await call(
          'POST',
          'v1/invoices/create_preview',
          { customer: id, subscription: sub },
          invoice,
        );
      } catch (err) {
        if (err instanceof StripeApiError && err.code === NO_UPCOMING_INVOICE) return null;
        throw err;
      }
    },
  };
}
