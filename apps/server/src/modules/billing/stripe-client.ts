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

export type StripeClient = {
  /** `POST /v1/customers`; Stripe answers the same customer again to a repeated `idempotencyKey`. */
  createCustomer(
    params: { name: string; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<{ id: string }>;
  /** `POST /v1/billing_portal/sessions`: the short-lived address of the customer's portal. */
  createPortalSession(params: { customer: string; returnUrl: string }): Promise<{ url: string }>;
};

export function stripeClient(config: StripeConfig): StripeClient {
  async function post<S extends z.ZodType>(
    path: string,
    params: Record<string, StripeParam>,
    idempotencyKey: string,
    schema: S,
  ): Promise<z.output<S>> {
    const where = `Stripe POST ${path}`;
    const answer = await fetchWithTimeout(
      where,
      new URL(path, `${config.baseUrl}/`),
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${config.secretKey}`,
          'stripe-version': STRIPE_API_VERSION,
          'idempotency-key': idempotencyKey,
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: stripeForm(params),
      },
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
      const created = await post('v1/customers', { name, metadata }, idempotencyKey, customer);
      return { id: created.id };
    },
    createPortalSession: async ({ customer: id, returnUrl }) => {
      // Every POST carries a key, as stripe-node's do; a portal session needs no stable one.
      const session = await post(
        'v1/billing_portal/sessions',
        { customer: id, return_url: returnUrl },
        randomUUID(),
        portalSession,
      );
      return { url: session.url };
    },
  };
}
