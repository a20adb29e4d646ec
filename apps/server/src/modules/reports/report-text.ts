// The words of the assurance report, shared by its HTML and PDF renderers so both say the same.
import {
  type AssuranceReport,
  READINESS_ANSWER_NAMES,
  READINESS_ANSWERS,
  type ReadinessAnswer,
  type ReadinessEvidence,
  type ReadinessItem,
  type ReadinessResponse,
} from '@castellan/contract';

type ReadinessTask = ReadinessItem['todo'][number];
type NotApplicable = ReadinessItem['notApplicable'][number];

export interface RenderReportOptions {
  /** When the report is seen through a share link: the day the link ends. */
  sharedUntil?: Date;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A day in English, in UTC: "1 Dec 2026" (spelt out here: ICU versions disagree on "Sep"/"Sept"). */
export function formatReportDate(at: string | Date): string {
  const d = typeof at === 'string' ? new Date(at) : at;
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

const oneDecimal = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

/** A score or a number of points: "72.5", "80", "0". */
export function formatNumber(value: number): string {
  return oneDecimal.format(value);
}

function plural(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}

export function reportTitle(report: AssuranceReport): string {
  return `Security report — ${report.organization.name}`;
}

export function generatedLine(report: AssuranceReport): string {
  return `${report.organization.domain} · Generated ${formatReportDate(report.generatedAt)}`;
}

export function sharedUntilLine(until: Date): string {
  return `Shared read-only until ${formatReportDate(until)}`;
}

export function scoreLine(score: AssuranceReport['score']): string {
  return `${formatNumber(score.value)} out of 100 · Grade ${score.grade}`;
}

export function scorePartLine(part: AssuranceReport['score']['parts'][number]): string {
  const points = plural(part.possible, 'point', 'points');
  return `${part.part}: ${formatNumber(part.earned)} of ${formatNumber(part.possible)} ${points}`;
}

/** "Two-step sign-in: 38 of 40 people", then the devices' lines (or one line when there are none). */
export function coverageLines(coverage: AssuranceReport['coverage']): string[] {
  const lines = [
    `Two-step sign-in: ${coverage.peopleWithTwoStep} of ${coverage.people} ${plural(coverage.people, 'person', 'people')}`,
  ];
  if (coverage.devices === 0) return [...lines, 'Devices: none enrolled'];
  return [
    ...lines,
    `Devices reporting: ${coverage.devicesReporting} of ${coverage.devices}`,
    `Devices encrypted: ${coverage.devicesEncrypted} of ${coverage.devices}`,
  ];
}

export function staleRuleLine(days: number): string {
  return `Evidence older than ${days} days is marked stale.`;
}

export function readinessHeading(set: ReadinessResponse): string {
  return set.name;
}

export function versionLine(set: ReadinessResponse): string {
  return `Question set version ${set.version}`;
}

/** "Yes 3 · Partly 1 · No 2 · Unknown 0", counted from the items so it always matches them. */
export function answerCountsLine(set: ReadinessResponse): string {
  return READINESS_ANSWERS.map((answer) => {
    const count = set.items.filter((item) => item.answer === answer).length;
    return `${READINESS_ANSWER_NAMES[answer]} ${count}`;
  }).join(' · ');
}

export function answerLine(answer: ReadinessAnswer): string {
  return `Answer: ${READINESS_ANSWER_NAMES[answer]}`;
}

export const EVIDENCE_HEADING = 'Evidence';
export const NO_EVIDENCE_LINE = 'No evidence yet';
export const TODO_HEADING = 'To do';
export const NOT_APPLICABLE_HEADING = 'Not applicable';

/** "MFA: 38 of 40 people, Google Workspace, checked 1 Dec 2026"; an organisation's task is done or not. */
export function evidenceLine(e: ReadinessEvidence): string {
  const coverage =
    e.unit === 'people'
      ? `${e.covered} of ${e.total} ${plural(e.total, 'person', 'people')}`
      : e.covered > 0 && e.covered >= e.total
        ? 'done'
        : 'not done';
  if (e.source === null || e.checkedAt === null) return `${e.title}: ${coverage}, not checked yet`;
  return `${e.title}: ${coverage}, ${e.source}, checked ${formatReportDate(e.checkedAt)}`;
}

/** Follows a stale evidence line, set apart so a renderer can mark it. */
export function staleMark(days: number): string {
  return `(stale: older than ${days} days)`;
}

/** "Turn on two-step sign-in: 38 of 40 done". */
export function todoLine(task: ReadinessTask): string {
  return `${task.title}: ${task.done} of ${task.total} done`;
}

/** A task marked not applicable, with the reason given. */
export function notApplicableLine(n: NotApplicable): string {
  return `${n.title} — ${n.reason}`;
}
