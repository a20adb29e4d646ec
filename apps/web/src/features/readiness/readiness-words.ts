import type { ReadinessEvidence, ReadinessResponse } from '@castellan/contract';
import {
  READINESS_ANSWER_NAMES,
  READINESS_ANSWERS,
  READINESS_SETS,
  type ReadinessAnswer,
  type ReadinessSetId,
} from '@castellan/contract/assurance-rules';
import { formatDate } from '../../lib/format-date';

/** Each answer's colour; its word is always shown beside it (READINESS_ANSWER_NAMES). */
export const ANSWER_COLORS: Record<ReadinessAnswer, string> = {
  yes: 'green',
  partly: 'yellow',
  no: 'red',
  unknown: 'gray',
};

/** The set the address asks for (`?set=cis-ig1`), the insurance application otherwise. */
export function readinessSetFrom(params: URLSearchParams): ReadinessSetId {
  const asked = params.get('set');
  return READINESS_SETS.find((set) => set === asked) ?? 'insurance';
}

const DAY_MS = 86_400_000;

/** Whole calendar days (in the browser's time zone) from `then` to `now`; 0 for a later `then`. */
function calendarDaysBetween(then: Date, now: Date): number {
  const midnight = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  return Math.max(0, Math.round((midnight(now) - midnight(then)) / DAY_MS));
}

/**
 * When the evidence was last looked at, in day words: "checked today", "checked yesterday",
 * "checked 12 days ago", past a month "checked on Mar 4, 2026"; "not checked" when nothing looked.
 */
export function checkedWords(checkedAt: string | null, now: Date = new Date()): string {
  if (checkedAt === null) return 'not checked';
  const then = new Date(checkedAt);
  const days = calendarDaysBetween(then, now);
  if (days === 0) return 'checked today';
  if (days === 1) return 'checked yesterday';
  if (days <= 30) return `checked ${days} days ago`;
  return `checked on ${formatDate(then)}`;
}

/** Who or what the evidence covers: "38 of 40 people", or for an organisation's task "done". */
export function coverageWords(evidence: Pick<ReadinessEvidence, 'covered' | 'total' | 'unit'>) {
  const { covered, total, unit } = evidence;
  if (unit === 'organisation') return total > 0 && covered >= total ? 'done' : 'not done';
  return `${covered} of ${total} ${total === 1 ? 'person' : 'people'}`;
}

/** "Turn on two-step sign-in: 38 of 40 people, Google Workspace, checked today" */
export const evidenceLine = (evidence: ReadinessEvidence, now: Date = new Date()) =>
  evidence.source === null || evidence.checkedAt === null
    ? `${evidence.title}: ${coverageWords(evidence)}, not checked yet`
    : `${evidence.title}: ${coverageWords(evidence)}, ${evidence.source}, ${checkedWords(evidence.checkedAt, now)}`;

/** "Yes 5 · Partly 2 · No 3 · Unknown 1" */
export const countsLine = (counts: ReadinessResponse['counts']) =>
  READINESS_ANSWERS.map(
    (answer) => `${READINESS_ANSWER_NAMES[answer]} ${counts[answer] ?? 0}`,
  ).join(' · ');

/** A readiness task's progress: "3 of 12 done". */
export const taskProgressWords = ({ done, total }: { done: number; total: number }) =>
  `${done} of ${total} done`;
