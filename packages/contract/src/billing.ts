import { z } from 'zod';
import { isoDateTime } from './common';
import { endpoint } from './endpoint';

/** The statuses Stripe gives a subscription; a status Stripe adds later is shown as it is. */
export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * `GET /api/customer-portal`: the page to come back to from the portal, an address of this app
 * (absolute or a path); the server refuses any other with a 400.
 */
export const customerPortalQuery = z.strictObject({
  return_url: z.string().min(1).max(2048),
});

/**
 * Why the portal could not be opened, as `/settings?billing=<reason>#billing` tells Settings:
 * no Stripe key on this server, or Stripe refused or did not answer.
 */
export const BILLING_PROBLEMS = ['not-configured', 'unavailable'] as const;
export type BillingProblem = (typeof BILLING_PROBLEMS)[number];

/** `GET /api/billing` */
export const billingResponse = z.object({
  /** Whether this server has a Stripe key (else the portal cannot be opened). */
  configured: z.boolean(),
  /** The subscription's Stripe status as last reported by Stripe; null before any. */
  subscription: z.object({ status: z.string(), updatedAt: isoDateTime }).nullable(),
});
export type BillingResponse = z.infer<typeof billingResponse>;

/**
 * `GET /api/billing/summary`: the organisation's subscription as Stripe has it now, read live
 * (subscriptions list and preview invoice).
 */
export const billingSummaryResponse = z.object({
  /** Whether this server has a Stripe key; when false nothing else is known. */
  configured: z.boolean(),
  /** Whether the organisation has a Stripe customer yet (made on its first visit to the portal). */
  hasCustomer: z.boolean(),
  /** The organisation's current subscription; null when it has none. */
  subscription: z
    .object({
      /** The product's name (the price's nickname when the product has none). */
      plan: z.string(),
      /** The subscription item's quantity. */
      seats: z.number().int().nonnegative(),
      /** Stripe's status, e.g. active, trialing, past_due. */
      status: z.string(),
    })
    .nullable(),
  /** What Stripe will charge next, in the currency's minor unit (cents); null when nothing is due. */
  nextInvoice: z
    .object({
      date: isoDateTime,
      amountDue: z.number().int(),
      /** ISO 4217, upper case, e.g. EUR. */
      currency: z.string().length(3),
    })
    .nullable(),
});
export type BillingSummary = z.infer<typeof billingSummaryResponse>;

export const billingEndpoints = {
  openCustomerPortal: endpoint({
    method: 'GET',
    path: '/customer-portal',
    // A navigation: the handler sends visitors and members where the navigation guard would.
    access: 'session',
    query: customerPortalQuery,
    response: {
      303: z
        .null()
        .describe(
          'To Stripe’s customer portal (administrators); to /settings?billing=not-configured#billing or =unavailable#billing when it cannot open; to /?login=true when not signed in, /dashboard for members',
        ),
    },
    summary: 'Leave for Stripe’s customer portal, coming back to return_url (a browser navigation)',
  }),
  getBilling: endpoint({
    method: 'GET',
    path: '/billing',
    access: 'admin',
    response: { 200: billingResponse },
    summary: 'Whether billing is set up here, and the organisation’s subscription status',
  }),
  getBillingSummary: endpoint({
    method: 'GET',
    path: '/billing/summary',
    access: 'admin',
    response: { 200: billingSummaryResponse },
    summary:
      'The organisation’s plan, seats, subscription status and next invoice, read from Stripe (502 when Stripe fails)',
  }),
};
