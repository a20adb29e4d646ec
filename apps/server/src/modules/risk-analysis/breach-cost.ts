import { DEFAULT_EXPECTED_BREACH_COST } from '@castellan/contract/vocabulary';

/**
 * Expected cost of a breach, in USD. The base is the global average cost of a data breach that
 * the product uses everywhere (4,880,000 USD); the domain's exposure moves it between half and
 * one and a half times that: 1.5 − score/100, so a score of 50 keeps the base, 100 halves it and
 * 0 adds half again. Rounded to 10,000. No score (nothing could be tested): the base.
 */
export function expectedBreachCost(score: number | null): number {
  if (score === null) return DEFAULT_EXPECTED_BREACH_COST;
  const factor = 1.5 - Math.min(100, Math.max(0, score)) / 100;
  return Math.round((DEFAULT_EXPECTED_BREACH_COST * factor) / 10_000) * 10_000;
}
