import type { BillingSummary } from '@castellan/contract';
import type { Db } from '../../db/client';
import { findBillingState } from '../organizations/repository';
import type { StripeClient, StripeInvoice, StripeSubscription } from './stripe-client';

const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

/** The plan's name: the product's, else the price's nickname, else a plain word. */
function planOf(subscription: StripeSubscription): string {
  const price = subscription.items.data[0]?.price;
  if (price && typeof price.product !== 'string') return price.product.name;
  return price?.nickname || 'Subscription';
}

function subscriptionOf(subscription: StripeSubscription): BillingSummary['subscription'] {
  return {
    plan: planOf(subscription),
    // A per-seat price has one item whose quantity is the number of seats.
    seats: subscription.items.data.reduce((sum, item) => sum + (item.quantity ?? 0), 0),
    status: subscription.status,
  };
}

/**
 * When Stripe will next charge: the preview's payment attempt, else the end of the period it
 * follows (assumption: Stripe drafts a subscription's invoice as its period ends).
 */
function nextInvoiceOf(
  invoice: StripeInvoice,
  subscription: StripeSubscription,
): BillingSummary['nextInvoice'] {
  const at =
    invoice.next_payment_attempt ??
    subscription.items.data[0]?.current_period_end ??
    invoice.period_end;
  return { date: iso(at), amountDue: invoice.amount_due, currency: invoice.currency.toUpperCase() };
}

/**
 * The organisation's subscription as Stripe has it now: its newest subscription that is not
 * canceled, and the invoice Stripe will send next for it. Reads only the organisation's own
 * customer; Stripe's errors are the caller's to turn into a message.
 */
export async function billingSummaryOf(
  db: Db,
  stripe: StripeClient | null,
  organizationId: string,
): Promise<BillingSummary> {
  const state = await findBillingState(db, organizationId);
  const customer = state?.stripeCustomerId ?? null;
  const base = { configured: stripe !== null, hasCustomer: customer !== null };
  if (!stripe || !customer) return { ...base, subscription: null, nextInvoice: null };
  const [subscription] = await stripe.listSubscriptions(customer);
  if (!subscription) return { ...base, subscription: null, nextInvoice: null };
  const invoice = await stripe.previewInvoice({ customer, subscription: subscription.id });
  return {
    ...base,
    subscription: subscriptionOf(subscription),
    nextInvoice: invoice ? nextInvoiceOf(invoice, subscription) : null,
  };
}
