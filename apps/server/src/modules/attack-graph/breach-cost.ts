import type { BreachCostRange } from '@castellan/contract';
import { DEFAULT_EXPECTED_BREACH_COST } from '@castellan/contract/vocabulary';
import { type AttackGraphInput, type Exposure, exposuresFrom, openEntryTasks } from './exposure';

/**
 * Expected breach cost: what a breach would cost this organisation, times the chance that one of
 * its open ways in is used. The model and its sources are in docs/using.md ("Expected breach cost").
 */

/** IBM Cost of a Data Breach Report 2024: average cost per compromised record, USD. */
export const COST_PER_RECORD = 173;
/** The same report: the smallest breaches it studied exposed 2,100 records. */
export const MIN_RECORDS = 2_100;
/** Assumption: records a small organisation holds per person (customers, suppliers, staff). */
export const RECORDS_PER_PERSON = 250;
/** Assumption: the chance of a breach by a way the graph does not model. */
export const RESIDUAL_LIKELIHOOD = 0.05;
/** Assumption: how far one breach's cost strays from the average, down and up. */
export const LOW_FACTOR = 0.5;
export const HIGH_FACTOR = 1.5;

/**
 * What one breach would cost: the records an organisation of this size holds at the average cost
 * per record, never below the smallest breaches studied nor above the global average
 * (4,880,000 USD, the same report).
 */
export function costOfABreach(headcount: number): number {
  const records = Math.max(MIN_RECORDS, RECORDS_PER_PERSON * Math.max(0, headcount));
  return Math.min(DEFAULT_EXPECTED_BREACH_COST, records * COST_PER_RECORD);
}

/** What the cost reads of an exposure: whether it is open or unknown, and how likely used. */
export type CostExposure = Pick<Exposure, 'state' | 'likelihood'>;

/** The chance that at least one way in is used; unknown ones count with `unknownWeight`. */
function chanceOfABreach(exposures: readonly CostExposure[], unknownWeight: number): number {
  const none = exposures.reduce(
    (p, e) => p * (1 - e.likelihood * (e.state === 'open' ? 1 : unknownWeight)),
    1,
  );
  return RESIDUAL_LIKELIHOOD + (1 - RESIDUAL_LIKELIHOOD) * (1 - none);
}

export const toThousands = (usd: number) => Math.round(usd / 1_000) * 1_000;

/** The expected cost before rounding: unknown ways in at half their chance. */
export const expectedCost = (exposures: readonly CostExposure[], headcount: number) =>
  costOfABreach(headcount) * chanceOfABreach(exposures, 0.5);

/**
 * Low: only the open ways in, a cheap breach. Expected: unknown ways in at half their chance.
 * High: every unknown way in open, a costly breach.
 */
export function breachCostRange(
  exposures: readonly CostExposure[],
  headcount: number,
): BreachCostRange {
  const cost = costOfABreach(headcount);
  return {
    low: toThousands(cost * LOW_FACTOR * chanceOfABreach(exposures, 0)),
    expected: toThousands(expectedCost(exposures, headcount)),
    high: toThousands(cost * HIGH_FACTOR * chanceOfABreach(exposures, 1)),
  };
}

export type Reduction = { catalogueId: string; title: string; amount: number };

/** The task whose completion (for everyone it is open for) lowers the expected cost most. */
export function biggestReduction(
  input: AttackGraphInput,
  exposures: readonly Exposure[],
): Reduction | null {
  const headcount = input.members.length;
  const expected = breachCostRange(exposures, headcount).expected;
  const open = openEntryTasks(input.tasks);
  const candidates = new Map(
    exposures.flatMap((e) => e.tasks.map((t) => [t.catalogueId, t.title])),
  );
  let best: Reduction | null = null;
  for (const [catalogueId, title] of candidates) {
    const after = exposuresFrom(
      open.filter((t) => t.catalogueId !== catalogueId),
      input,
    );
    const amount = expected - breachCostRange(after, headcount).expected;
    if (amount > 0 && (!best || amount > best.amount)) best = { catalogueId, title, amount };
  }
  return best;
}

export type OpenRisk = {
  id: string;
  title: string;
  amount: number;
  tasks: { catalogueId: string; title: string }[];
};

/**
 * The open ways in that cost most, in money: for each, how much the expected breach cost falls
 * once it is closed (the others left as they are), largest first, at most `count`.
 */
export function biggestRisks(
  exposures: readonly Exposure[],
  headcount: number,
  count: number,
): OpenRisk[] {
  const expected = expectedCost(exposures, headcount);
  return exposures
    .map((e) => {
      const tasks = new Map(e.tasks.map((t) => [t.catalogueId, t.title]));
      return {
        id: e.rule.id,
        title: e.rule.label,
        amount: toThousands(
          expected -
            expectedCost(
              exposures.filter((o) => o !== e),
              headcount,
            ),
        ),
        tasks: [...tasks].map(([catalogueId, title]) => ({ catalogueId, title })),
      };
    })
    .filter((r) => r.amount > 0)
    .sort((a, b) => b.amount - a.amount)
    .slice(0, count);
}
