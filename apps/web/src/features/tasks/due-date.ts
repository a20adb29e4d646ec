import type { Task } from '@castellan/contract';
import { DUE_DAYS, type DueRisk } from '@castellan/contract/nudge-rules';

/** What the task view says of a task's due date, and whether it is past. */
export type DueNote = { text: string; overdue: boolean };

const hasDueDays = (risk: string): risk is DueRisk => Object.hasOwn(DUE_DAYS, risk);

/**
 * "Due Thursday 3 December", or "Overdue since Thursday 3 December" once past (the year too when
 * it is not this one), in the viewer's locale (`locale` undefined) and clock. Only an open or
 * snoozed task has a due date to show; a snooze puts a task aside, not its deadline.
 */
export function dueNote(
  task: Pick<Task, 'state' | 'dueAt'>,
  now: Date,
  locale?: string,
): DueNote | null {
  if (task.dueAt === null || (task.state !== 'open' && task.state !== 'snoozed')) return null;
  const due = new Date(task.dueAt);
  const date = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(due.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  }).format(due);
  const overdue = due.getTime() <= now.getTime();
  return { text: overdue ? `Overdue since ${date}` : `Due ${date}`, overdue };
}

/** Where the due date comes from: the task's risk. */
export function dueExplanation(risk: Task['riskLevel']): string {
  if (!hasDueDays(risk)) return '';
  const days = DUE_DAYS[risk];
  return (
    `A ${risk.toLowerCase()}-risk task is due ${days} days after Castellan first listed it as ` +
    'open. Whoever does it is nudged as the date comes near.'
  );
}

/** Whether administrators may be told of this task when overdue: it can have a due date. */
export const canEscalate = (task: Pick<Task, 'state' | 'riskLevel'>) =>
  (task.state === 'open' || task.state === 'snoozed') && hasDueDays(task.riskLevel);
