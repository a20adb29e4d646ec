import type { RiskAnalysisSummary } from '@castellan/contract';
import { describe, expect, it } from 'vitest';
import { expectedBreachCost, formatCostRange, formatReduction } from './breach-cost';

type Estimate = Pick<
  RiskAnalysisSummary,
  'expectedBreachCost' | 'expectedBreachCostRange' | 'biggestReduction'
> &
  Partial<Pick<RiskAnalysisSummary, 'breachCostExplanation'>>;

const estimate = (expected: number, patch: Partial<Estimate> = {}): Estimate => ({
  expectedBreachCost: expected,
  expectedBreachCostRange: { low: expected / 2, expected, high: expected * 2 },
  biggestReduction: null,
  ...patch,
});
const both = (analysis: Estimate | null) => ({ risk_analysis: analysis, riskAnalysis: analysis });

describe('expected breach cost', () => {
  it('is the risk analysis’s estimate with its range when there is a positive one', () => {
    expect(expectedBreachCost(both(estimate(1_250_000)))).toEqual({
      amount: 1_250_000,
      isDefault: false,
      range: { low: 625_000, expected: 1_250_000, high: 2_500_000 },
      biggestReduction: null,
      explanation: null,
    });
  });

  it('falls back to 4,880,000 without an analysis, or with 0 or less, and shows no range', () => {
    for (const analysis of [null, estimate(0), estimate(-10), estimate(Number.NaN)]) {
      expect(expectedBreachCost(both(analysis))).toEqual({
        amount: 4_880_000,
        isDefault: true,
        range: null,
        biggestReduction: null,
        explanation: null,
      });
    }
  });

  it('reads riskAnalysis when risk_analysis is missing', () => {
    expect(expectedBreachCost({ risk_analysis: null, riskAnalysis: estimate(9) }).amount).toBe(9);
  });

  it('leaves out a range without spread, and carries what lowers it most', () => {
    const reduction = { catalogueId: 'mfa', title: 'Turn on MFA', amount: 400_000 };
    const cost = expectedBreachCost(
      both(
        estimate(900_000, {
          expectedBreachCostRange: { low: 900_000, expected: 900_000, high: 900_000 },
          biggestReduction: reduction,
        }),
      ),
    );
    expect(cost.range).toBeNull();
    expect(cost.biggestReduction).toEqual(reduction);
  });

  it('carries why the figure is what it is and what changed it', () => {
    const breachCostExplanation = { why: 'Why $9,000: …', sinceLastWeek: 'Since last week: …' };
    const cost = expectedBreachCost(both({ ...estimate(9_000), breachCostExplanation }));
    expect(cost.explanation).toEqual(breachCostExplanation);
  });
});

describe('breach cost formatting', () => {
  it('shows the range low – expected – high in whole dollars', () => {
    expect(
      formatCostRange({ low: 1_200_000, expected: 2_400_000.4, high: 4_100_000 }, 'en-US'),
    ).toBe('$1,200,000 (low) – $2,400,000 (expected) – $4,100,000 (high)');
  });

  it('shows a reduction with a minus sign', () => {
    expect(formatReduction(450_000, 'en-US')).toBe('−$450,000');
  });
});
