import { describe, expect, it } from 'vitest';
import { billingProblemOf, formatStripeAmount, subscriptionStatusWords } from './billing-words';

describe('billing words', () => {
  it('names each Stripe subscription status in plain words', () => {
    expect(subscriptionStatusWords(null)).toBe('No subscription yet');
    expect(subscriptionStatusWords('active')).toBe('Active');
    expect(subscriptionStatusWords('past_due')).toBe('Past due');
    expect(subscriptionStatusWords('canceled')).toBe('Canceled');
    // A status Stripe adds later is still readable.
    expect(subscriptionStatusWords('on_hold_for_review')).toBe('On hold for review');
  });

  it('reads only the reasons the server sends back', () => {
    expect(billingProblemOf('not-configured')).toBe('not-configured');
    expect(billingProblemOf('unavailable')).toBe('unavailable');
    expect(billingProblemOf('<script>')).toBeNull();
    expect(billingProblemOf(null)).toBeNull();
  });
});

describe('formatStripeAmount', () => {
  it('reads minor units in the currency’s own decimals', () => {
    expect(formatStripeAmount(10_800, 'EUR')).toBe('€108.00');
    expect(formatStripeAmount(4550, 'USD')).toBe('$45.50');
    expect(formatStripeAmount(1200, 'JPY')).toBe('¥1,200');
  });
});
