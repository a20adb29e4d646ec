import type { FrameworkId, Safeguard } from '@castellan/contract/frameworks';

type Counted = { met: number; total: number };

/** The share met, rounded down: 100% only once everything is met. */
export const percentMet = ({ met, total }: Counted) =>
  total === 0 ? 0 : Math.floor((met * 100) / total);

/** "34 of 56 safeguards met"; Cyber Essentials calls its five "controls". */
export const metSummary = (framework: FrameworkId, { met, total }: Counted) =>
  `${met} of ${total} ${unitOf(framework, total)} met`;

/** What a framework calls its parts: CIS has safeguards, Cyber Essentials controls. */
export const unitOf = (framework: FrameworkId, count: number) => {
  const unit = framework === 'cyber-essentials' ? 'control' : 'safeguard';
  return count === 1 ? unit : `${unit}s`;
};

/** "3.4 Enforce data retention" for a numbered CIS safeguard; the title alone otherwise. */
export const safeguardName = (framework: FrameworkId, safeguard: Safeguard) =>
  framework === 'cis-ig1' ? `${safeguard.id} ${safeguard.title}` : safeguard.title;

/** How many of those a task applies to have done it: "2 of 5 people". */
export function peopleDone({ done, total }: { done: number; total: number }) {
  if (total === 0) return 'Applies to nobody yet';
  return `${done} of ${total} ${total === 1 ? 'person' : 'people'}`;
}

/** Where a safeguard stands, from the tasks citing it. */
export function safeguardState(tasks: readonly { done: number; total: number }[]) {
  if (tasks.length === 0) return 'No task covers this yet';
  const done = tasks.filter((t) => t.done >= t.total).length;
  return `${done} of ${tasks.length} ${tasks.length === 1 ? 'task' : 'tasks'} done`;
}

/** The toggle of the met safeguards: "Show the 34 met". */
export const metToggle = (open: boolean, count: number) =>
  `${open ? 'Hide' : 'Show'} the ${count} met`;

/** Its name for screen readers, which may hear two frameworks' toggles in one list of buttons. */
export const metToggleName = (open: boolean, count: number, framework: FrameworkId, name: string) =>
  `${metToggle(open, count)} ${unitOf(framework, count)} of ${name}`;
