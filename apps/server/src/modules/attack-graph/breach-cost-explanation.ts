import { type CostExposure, costOfABreach, expectedCost, toThousands } from './breach-cost';
import { ENTRY_POINTS } from './entry-points';
import type { Exposure } from './exposure';

/**
 * Why the expected breach cost is what it is, and what changed it since a week ago, each in one
 * sentence. The cost follows from the headcount and the ways in that are not closed, so a
 * snapshot of those explains a change by its causes: the headcount first, then each way in that
 * opened, closed or changed, each at the cost the change before it left.
 */

/** What the expected cost is computed from: the headcount and each way in not closed, by id. */
export type CostInputs = { headcount: number; entryPoints: Record<string, CostExposure> };

/** A snapshot of the inputs on an earlier day (`YYYY-MM-DD`). */
export type Baseline = CostInputs & { day: string };

export const costInputsOf = (exposures: readonly Exposure[], headcount: number): CostInputs => ({
  headcount,
  entryPoints: Object.fromEntries(
    exposures.map((e) => [e.rule.id, { state: e.state, likelihood: e.likelihood }]),
  ),
});

const costOf = (inputs: CostInputs) =>
  expectedCost(Object.values(inputs.entryPoints), inputs.headcount);

const LABELS = new Map<string, string>(ENTRY_POINTS.map((r) => [r.id, r.label]));
const usd = (amount: number) => `$${Math.abs(amount).toLocaleString('en-US')}`;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Why $X: 12 people, 3 open ways in (…); a breach of a company your size costs about $Y." */
export function whyThisCost(inputs: CostInputs): string {
  const entries = Object.entries(inputs.entryPoints);
  const open = entries.filter(([, e]) => e.state === 'open').map(([id]) => LABELS.get(id) ?? id);
  const unknown = entries.length - open.length;
  const listed = open.length > 0 ? ` (${open.join(', ')})` : '';
  const unchecked = unknown > 0 ? ` and ${unknown} not yet checked` : '';
  return (
    `Why ${usd(toThousands(costOf(inputs)))}: ${plural(inputs.headcount, 'person', 'people')}, ` +
    `${plural(open.length, 'open way in', 'open ways in')}${listed}${unchecked}; a breach of a ` +
    `company your size costs about ${usd(toThousands(costOfABreach(inputs.headcount)))}.`
  );
}

/** How one way in changed between two snapshots (absent: closed). */
function changeOf(was: CostExposure | undefined, is: CostExposure | undefined): string {
  if (!was) return is?.state === 'open' ? 'opened' : 'can no longer be confirmed closed';
  if (!is) return 'closed';
  if (was.state !== is.state)
    return is.state === 'open' ? 'was found open' : 'is no longer checked';
  return is.likelihood > was.likelihood
    ? 'is open for more people or devices'
    : 'is open for fewer people or devices';
}

const dayName = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

/**
 * "Since last week: +$43,000 because 1 person joined (more records at risk); …", from the
 * snapshot of a week ago (or the earliest kept, when none is that old). `weekAgo` is the day a
 * week before today.
 */
export function whatChanged(now: CostInputs, baseline: Baseline | null, weekAgo: string): string {
  if (!baseline) return 'Since today: this is the first figure kept; changes show from tomorrow.';
  const since =
    baseline.day <= weekAgo
      ? 'Since last week'
      : `Since ${dayName(baseline.day)} (the first figure kept)`;
  const causes: string[] = [];
  let step: CostInputs = baseline;
  const apply = (next: CostInputs, reason: string) => {
    // Each step rounded as the figure shown is: the amounts add up to the change shown.
    const amount = toThousands(costOf(next)) - toThousands(costOf(step));
    step = next;
    if (amount !== 0) causes.push(`${amount > 0 ? '+' : '−'}${usd(amount)} because ${reason}`);
  };
  const joined = now.headcount - baseline.headcount;
  if (joined !== 0) {
    apply(
      { ...step, headcount: now.headcount },
      joined > 0
        ? `${plural(joined, 'person', 'people')} joined (more records at risk)`
        : `${plural(-joined, 'person', 'people')} left (fewer records at risk)`,
    );
  }
  const ids = new Set([...Object.keys(baseline.entryPoints), ...Object.keys(now.entryPoints)]);
  for (const id of ids) {
    const was = baseline.entryPoints[id];
    const is = now.entryPoints[id];
    if (was?.state === is?.state && was?.likelihood === is?.likelihood) continue;
    const { [id]: _, ...others } = step.entryPoints;
    apply(
      { ...step, entryPoints: is ? { ...others, [id]: is } : others },
      `${LABELS.get(id) ?? id} ${changeOf(was, is)}`,
    );
  }
  return causes.length === 0 ? `${since}: no change.` : `${since}: ${causes.join('; ')}.`;
}
