import { type BillingResponse, safeReturnPath } from '@castellan/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { BadRequestError } from '../../lib/errors';
import {
  findBillingState,
  findOrganizationIdByStripeCustomer,
  keepStripeCustomer,
  setSubscriptionStatus,
} from '../organizations/repository';
import { recordStripeEvent } from './repository';
import type { StripeClient } from './stripe-client';

/**
 * The absolute address of `returnUrl` when it is a page of this app (an absolute URL of its
 * origin, or a path); else a 400, so that the portal never sends anyone to another site.
 */
export function appReturnUrl(returnUrl: string, publicUrl: string): string {
  const path = safeReturnPath(returnUrl, publicUrl);
  if (path === null) {
    throw new BadRequestError('return_url must be an address of this app.');
  }
  return new URL(path, publicUrl).toString();
}

/** The same key for every first visit of one organisation: Stripe creates one customer. */
export const customerIdempotencyKey = (organizationId: string) =>
  `castellan-customer-${organizationId}`;

/**
 * The organisation's Stripe customer, created on its first visit (its domain as name, its id in
 * the metadata). Two first visits at once send the same idempotency key, so Stripe answers both
 * with one customer; and whichever stores it first wins, the other uses the one stored.
 */
async function customerOf(db: Db, stripe: StripeClient, organizationId: string): Promise<string> {
  const state = await findBillingState(db, organizationId);
  if (!state) throw new Error(`no organisation ${organizationId}`);
  if (state.stripeCustomerId) return state.stripeCustomerId;
  const created = await stripe.createCustomer(
    { name: state.domain, metadata: { organization_id: organizationId } },
    customerIdempotencyKey(organizationId),
  );
  const stored = await keepStripeCustomer(db, organizationId, created.id);
  if (!stored) throw new Error(`no organisation ${organizationId}`);
  return stored;
}

/** The address of a new customer portal session, which comes back to `returnUrl`. */
export async function openCustomerPortal(
  db: Db,
  stripe: StripeClient,
  organizationId: string,
  returnUrl: string,
): Promise<string> {
  const customer = await customerOf(db, stripe, organizationId);
  const session = await stripe.createPortalSession({ customer, returnUrl });
  return session.url;
}

export async function billingOf(
  db: Db,
  configured: boolean,
  organizationId: string,
): Promise<BillingResponse> {
  const state = await findBillingState(db, organizationId);
  const status = state?.subscriptionStatus;
  const at = state?.subscriptionUpdatedAt;
  return {
    configured,
    subscription: status && at ? { status, updatedAt: at.toISOString() } : null,
  };
}

// Webhook events (integrations-reference §4.5): only what is read here is checked.

const stripeEvent = z.looseObject({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  created: z.number().int().nonnegative(),
  data: z.looseObject({ object: z.looseObject({}) }),
});
export type StripeEvent = z.infer<typeof stripeEvent>;

const subscription = z.looseObject({
  // An id, or the customer itself when the event was sent expanded.
  customer: z.union([z.string(), z.looseObject({ id: z.string() })]),
  status: z.string().min(1).max(64),
});

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
]);

/** The event in a verified delivery's body; a 400 when it is not one. */
export function parseStripeEvent(payload: string): StripeEvent {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    throw new BadRequestError('The request body is not valid JSON.');
  }
  const parsed = stripeEvent.safeParse(value);
  if (!parsed.success) {
    throw new BadRequestError('The request body is not a Stripe event (id, type, created, data).');
  }
  return parsed.data;
}

export type EventOutcome = 'applied' | 'already handled' | 'ignored' | 'older than the status';

/**
 * Handles a verified event once: its id is recorded in the same transaction as its effect, so a
 * redelivery (or the same event twice at once) changes nothing. Subscription events set the
 * status of the customer's organisation, unless a newer event already did; other events and
 * customers of no organisation are recorded and left alone.
 */
export async function receiveStripeEvent(db: Db, event: StripeEvent): Promise<EventOutcome> {
  return db.transaction(async (tx) => {
    if (!(await recordStripeEvent(tx, event.id, event.type))) return 'already handled';
    if (!SUBSCRIPTION_EVENTS.has(event.type)) return 'ignored';
    const parsed = subscription.safeParse(event.data.object);
    if (!parsed.success) return 'ignored';
    const { customer, status } = parsed.data;
    const organizationId = await findOrganizationIdByStripeCustomer(
      tx,
      typeof customer === 'string' ? customer : customer.id,
    );
    if (!organizationId) return 'ignored';
    const finalStatus = event.type === 'customer.subscription.deleted' ? 'canceled' : status;
    const changed = await setSubscriptionStatus(
      tx,
      organizationId,
      finalStatus,
      new Date(event.created * 1000),
    );
    return changed ? 'applied' : 'older than the status';
  });
}
