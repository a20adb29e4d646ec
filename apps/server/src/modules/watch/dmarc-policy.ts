// How a DMARC record change moved the domain's protection: policies rank reject > quarantine >
// none > no policy at all, and at the same policy a lower pct protects less.
import type { ChangeDirection } from './scan-changes';

const POLICY_RANK = { none: 0, quarantine: 1, reject: 2 } as const;
type Policy = keyof typeof POLICY_RANK;

/** The policy the records set, or null when none applies (no record, or more than one). */
function dmarcPolicy(records: readonly string[]): { policy: Policy; percent: number } | null {
  const [record] = records;
  if (record === undefined || records.length > 1) return null;
  const tag = (name: string) =>
    record
      .split(';')
      .map((part) => part.split('='))
      .find(([key]) => key?.trim().toLowerCase() === name)?.[1]
      ?.trim()
      .toLowerCase();
  const p = tag('p');
  const policy: Policy = p === 'quarantine' || p === 'reject' ? p : 'none';
  const pct = Number(tag('pct') ?? 100);
  return { policy, percent: Number.isInteger(pct) && pct >= 0 && pct <= 100 ? pct : 100 };
}

/** The direction and wording of a DMARC change, when its policy moved. */
export function dmarcMove(before: readonly string[], after: readonly string[]) {
  const was = dmarcPolicy(before);
  const now = dmarcPolicy(after);
  const rank = (p: typeof was) => (p ? POLICY_RANK[p.policy] : -1);
  if (rank(was) !== rank(now)) {
    const direction: ChangeDirection = rank(now) > rank(was) ? 'better' : 'worse';
    if (!was) return { direction, summary: `DMARC policy set to ${now?.policy}` };
    if (!now) {
      const why = after.length
        ? `policy ${was.policy} no longer applies, as more than one DMARC record is published`
        : `record removed (its policy was ${was.policy})`;
      return { direction, summary: `DMARC ${why}` };
    }
    const verb = direction === 'better' ? 'strengthened' : 'weakened';
    return { direction, summary: `DMARC policy ${verb} from ${was.policy} to ${now.policy}` };
  }
  if (was && now && was.policy !== 'none' && was.percent !== now.percent) {
    const direction: ChangeDirection = now.percent > was.percent ? 'better' : 'worse';
    const verb = direction === 'better' ? 'strengthened' : 'weakened';
    return {
      direction,
      summary: `DMARC policy ${verb}: ${now.policy} now applies to ${now.percent}% of failing mail instead of ${was.percent}%`,
    };
  }
  return null;
}
