import type { BillingProblem, SubscriptionStatus } from '@castellan/contract';

const STATUS_WORDS: Record<SubscriptionStatus, string> = {
  active: 'Active',
  trialing: 'Trialing',
  past_due: 'Past due',
  canceled: 'Canceled',
  unpaid: 'Unpaid',
  paused: 'Paused',
  incomplete: 'Incomplete (the first payment is not done yet)',
  incomplete_expired: 'Expired before the first payment',
};

/** A subscription status in plain words; one Stripe adds later reads as it is, spaced out. */
export function subscriptionStatusWords(status: string | null): string {
  if (status === null) return 'No subscription yet';
  const known = STATUS_WORDS[status as SubscriptionStatus] as string | undefined;
  if (known) return known;
  const spaced = status.replace(/_/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** The `?billing=` the server sends the browser back with when the portal could not open. */
export function billingProblemOf(value: string | null): BillingProblem | null {
  return value === 'not-configured' || value === 'unavailable' ? value : null;
}

/**
 * An amount Stripe gives in the currency's minor unit (cents; yen have none), formatted with its
 * currency: 10800 EUR → "€108.00".
 */
export function formatStripeAmount(minorUnits: number, currency: string, locale = 'en-US') {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minorUnits / 10 ** digits);
}
