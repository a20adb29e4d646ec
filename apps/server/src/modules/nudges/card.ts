import type { NudgeCard } from '../integrations/kit/nudge-channel';
import { dateWords } from './clock';
import type { NamedTask } from './plan';

/** At most this many tasks in one message; the rest are on the page it links to. */
export const CARD_TASKS = 10;

const dueWords = (dueAt: string, now: Date, timeZone: string) => {
  const at = new Date(dueAt);
  const day = dateWords(at, timeZone);
  return at.getTime() <= now.getTime() ? `overdue since ${day}` : `due ${day}`;
};

const counted = (n: number, one: string, many: string) => (n === 1 ? one : `${n} ${many}`);

/** A person's nudge about their own tasks, with the buttons to answer it. */
export function personCard(
  publicUrl: string,
  tasks: readonly NamedTask[],
  now: Date,
  timeZone: string,
): NudgeCard {
  const late = tasks.filter((t) => new Date(t.dueAt).getTime() <= now.getTime()).length;
  const shown = tasks.slice(0, CARD_TASKS);
  return {
    title:
      late > 0
        ? `${counted(late, 'One security task is', 'security tasks are')} overdue`
        : `${counted(tasks.length, 'One security task is', 'security tasks are')} due soon`,
    intro:
      (tasks.length > shown.length ? `The first ${shown.length} of ${tasks.length}. ` : '') +
      'Each takes a few minutes and keeps the company safer. Done already? Say so from the task, and Castellan checks again.',
    tasks: shown.map((t) => ({
      id: t.id,
      title: t.title,
      due: dueWords(t.dueAt, now, timeZone),
      url: `${publicUrl}/tasks/${encodeURIComponent(t.id)}`,
      actions: true,
    })),
    moreUrl: `${publicUrl}/tasks`,
    moreLabel: 'See all your tasks',
  };
}

/** The administrators' summary of the organisation's overdue tasks. */
export function summaryCard(
  publicUrl: string,
  organization: string,
  tasks: readonly NamedTask[],
  now: Date,
  timeZone: string,
): NudgeCard {
  const shown = tasks.slice(0, CARD_TASKS);
  return {
    title: `${counted(tasks.length, 'One security task is', 'security tasks are')} overdue at ${organization}`,
    intro: `${tasks.length > shown.length ? `The ${shown.length} overdue longest of ${tasks.length}. ` : ''}Their owners have been nudged. Company status shows who has what open.`,
    tasks: shown.map((t) => ({
      id: t.id,
      title: t.title,
      due: dueWords(t.dueAt, now, timeZone),
      ...(t.owner ? { owner: t.owner } : {}),
      url: `${publicUrl}/tasks/${encodeURIComponent(t.id)}`,
      actions: false,
    })),
    moreUrl: `${publicUrl}/team-progress`,
    moreLabel: 'Open Company status',
  };
}
