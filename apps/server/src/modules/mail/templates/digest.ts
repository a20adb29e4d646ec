import { type Block, type Mail, renderMail } from './render';

export type DigestInput = {
  organization: string;
  score: number;
  /** Points since a week ago; null without a snapshot that old. */
  scoreChange: number | null;
  tasksDone: number;
  newFindings: string[];
  notStarted: string[];
  /** Each task marked not applicable this week, with why: `<title>: <reason>`. */
  notApplicable: string[];
  /** Each integration that needs attention, with why. */
  integrations: string[];
  /** The domain report's grade a week ago and now; null without a report. */
  grade: { before: string | null; now: string | null } | null;
  dashboardUrl: string;
  unsubscribeUrl: string;
};

const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`);

function gradeLine(grade: DigestInput['grade']): string {
  if (!grade?.now) return 'Your domain report has no grade yet.';
  if (!grade.before || grade.before === grade.now)
    return `Your domain report's grade: ${grade.now}.`;
  return `Your domain report's grade went from ${grade.before} to ${grade.now}.`;
}

/** A section: its heading, and a list or what to say when it is empty. */
const section = (heading: string, items: string[], none: string): Block[] => [
  { type: 'heading', text: heading },
  items.length
    ? { type: 'list', items: items.map((text) => ({ text })) }
    : { type: 'paragraph', text: none },
];

export const digestMail = (input: DigestInput) =>
  renderMail({
    subject: `${input.organization}: cyber score ${input.score}${input.scoreChange === null ? '' : ` (${signed(input.scoreChange)})`} this week`,
    title: `Your week in Castellan`,
    blocks: [
      {
        type: 'paragraph',
        text: `${input.organization}'s cyber score is ${input.score}${input.scoreChange === null ? '' : `, ${signed(input.scoreChange)} since last week`}. ${input.tasksDone === 1 ? 'One task was' : `${input.tasksDone} tasks were`} done this week.`,
      },
      { type: 'paragraph', text: gradeLine(input.grade) },
      ...section('New findings', input.newFindings, 'No new findings since last week.'),
      ...section(
        'Integrations that need attention',
        input.integrations,
        'Every integration is working.',
      ),
      ...section('Members who have not started', input.notStarted, 'Everyone has started.'),
      ...(input.notApplicable.length
        ? section('Tasks marked not applicable this week', input.notApplicable, '')
        : []),
      { type: 'button', link: { label: 'Open the dashboard', url: input.dashboardUrl } },
    ],
    footer: {
      text: `The weekly digest for administrators of ${input.organization}.`,
      link: { label: 'Stop the digest', url: input.unsubscribeUrl },
    },
  } satisfies Mail);
