import type { BreachCostRange, RiskAnalysisSummary } from '@castellan/contract';
import { DEFAULT_EXPECTED_BREACH_COST } from '@castellan/contract/vocabulary';
import { formatCurrency } from '../../lib/format-currency';

type Estimate =
  | (Pick<
      RiskAnalysisSummary,
      'expectedBreachCost' | 'expectedBreachCostRange' | 'biggestReduction'
    > &
      Partial<Pick<RiskAnalysisSummary, 'breachCostExplanation'>>)
  | null;

export type BreachCost = {
  /** USD: the analysis's expected cost, or the default. */
  amount: number;
  isDefault: boolean;
  /** Null with the default, and when the model gives no spread (low equals high). */
  range: BreachCostRange | null;
  biggestReduction: RiskAnalysisSummary['biggestReduction'];
  /** Why it is what it is and what changed it since last week; null with the default. */
  explanation: RiskAnalysisSummary['breachCostExplanation'] | null;
};

/**
 * What a breach would be expected to cost the organisation (USD): its risk analysis's estimate
 * with its range and what lowers it most, or the default when it has none or one of 0 or less
 * (spec §9). The dashboard and the risk analysis page both read it from here.
 */
export function expectedBreachCost(organization: {
  risk_analysis: Estimate;
  riskAnalysis: Estimate;
}): BreachCost {
  const analysis = organization.risk_analysis ?? organization.riskAnalysis;
  const estimate = analysis?.expectedBreachCost;
  if (!analysis || estimate === undefined || !Number.isFinite(estimate) || estimate <= 0) {
    return {
      amount: DEFAULT_EXPECTED_BREACH_COST,
      isDefault: true,
      range: null,
      biggestReduction: null,
      explanation: null,
    };
  }
  const range = analysis.expectedBreachCostRange;
  return {
    amount: estimate,
    isDefault: false,
    range: range.high > range.low ? range : null,
    biggestReduction: analysis.biggestReduction,
    // Absent from an answer of a server older than the explanation.
    explanation: analysis.breachCostExplanation ?? null,
  };
}

/** "$1,200,000 (low) – $2,400,000 (expected) – $4,100,000 (high)" */
export const formatCostRange = (range: BreachCostRange, locale?: string): string =>
  [
    `${formatCurrency(range.low, 'USD', locale)} (low)`,
    `${formatCurrency(range.expected, 'USD', locale)} (expected)`,
    `${formatCurrency(range.high, 'USD', locale)} (high)`,
  ].join(' – ');

/** "−$450,000": what completing a task takes off the expected cost. */
export const formatReduction = (amount: number, locale?: string): string =>
  `−${formatCurrency(Math.abs(amount), 'USD', locale)}`;
