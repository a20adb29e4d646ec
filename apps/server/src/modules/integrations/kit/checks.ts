import type { CheckResult } from '@castellan/contract';
import type { Evidence } from '../../tasks/evidence';

/**
 * One check a provider's sync runs: the one declaration its card lists and its verdicts name, so
 * the card can never show other checks than the sync judges.
 */
export type ProviderCheck = {
  key: string;
  name: string;
  description: string;
  /** The catalogue task the check's verdicts decide. */
  task: string;
};

/** key → catalogue task, typed from a provider's declaration, for its verdicts. */
export const checkTasksOf = <const C extends readonly ProviderCheck[]>(checks: C) =>
  Object.fromEntries(checks.map((c) => [c.key, c.task])) as {
    [K in C[number]['key']]: Extract<C[number], { key: K }>['task'];
  };

export type CheckOutcome = { result: CheckResult; checkedAt: Date | null; detail: string | null };

const people = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;

/**
 * How one check came out, from what its provider's last sync recorded about the check's task:
 * a failing verdict fails it; passing verdicts only pass it; none (or no sync yet) leaves it
 * unknown. A check of each member says how many of them fail.
 */
export function checkOutcome(
  check: Pick<ProviderCheck, 'task'>,
  evidence: readonly Pick<
    Evidence,
    'catalogueId' | 'userId' | 'verdict' | 'detail' | 'checkedAt'
  >[],
  lastScan: Date | null,
): CheckOutcome {
  if (!lastScan) return { result: 'unknown', checkedAt: null, detail: null };
  const own = evidence.filter((e) => e.catalogueId === check.task);
  // The latest verdict's time (a large workspace gives one per member: no spread into Math.max).
  let checkedAt = lastScan;
  for (const e of own) if (e.checkedAt > checkedAt) checkedAt = e.checkedAt;
  if (own.length === 0) return { result: 'unknown', checkedAt: lastScan, detail: null };
  const failing = own.filter((e) => e.verdict === 'fail');
  if (failing.length === 0) return { result: 'pass', checkedAt, detail: null };
  const perMember = own.some((e) => e.userId !== null);
  const detail = perMember
    ? `Fails for ${failing.length} of ${people(own.length)}.`
    : (failing[0]?.detail ?? null);
  return { result: 'fail', checkedAt, detail };
}

/** How many checks passed and failed among a sync's verdicts (a check fails when one verdict does). */
export function countChecks(
  verdicts: readonly { catalogueId: string; verdict: 'pass' | 'fail' }[],
) {
  const passed = new Map<string, boolean>();
  for (const v of verdicts)
    passed.set(v.catalogueId, (passed.get(v.catalogueId) ?? true) && v.verdict === 'pass');
  const values = [...passed.values()];
  return {
    checksPassed: values.filter(Boolean).length,
    checksFailed: values.filter((p) => !p).length,
  };
}
