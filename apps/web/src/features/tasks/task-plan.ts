import type { Task } from '@castellan/contract';
import { TASK_CATEGORIES, type TaskCategory } from '@castellan/contract/vocabulary';
import { isSettled } from './task-filters';
import { byValue } from './task-order';

/** "This week" holds at least this many open tasks when there are as many… */
export const THIS_WEEK_MIN = 3;
/** …and at most this many, adding the fourth and fifth only while they fit in an hour. */
export const THIS_WEEK_MAX = 5;
export const THIS_WEEK_MINUTES = 60;

/**
 * The open tasks (not done, snoozed or marked not applicable) to do this week: those that add the most points per minute, three of them, then
 * a fourth and fifth while the week's work stays within an hour.
 */
export function thisWeek(tasks: readonly Task[]): Task[] {
  const week: Task[] = [];
  let minutes = 0;
  // Snoozed and not-applicable tasks wait or do not count: only open ones are planned.
  for (const task of tasks.filter((t) => !isSettled(t) && t.state !== 'snoozed').sort(byValue)) {
    if (week.length === THIS_WEEK_MAX) break;
    if (week.length >= THIS_WEEK_MIN && minutes + task.minutes > THIS_WEEK_MINUTES) break;
    week.push(task);
    minutes += task.minutes;
  }
  return week;
}

export type TaskGroup = { category: TaskCategory; tasks: Task[] };

/** The tasks by category, in the vocabulary's order, each the most worth per minute first. */
export const groupByCategory = (tasks: readonly Task[]): TaskGroup[] =>
  TASK_CATEGORIES.map((category) => ({
    category,
    tasks: tasks
      .filter((t) => t.category === category)
      .sort((a, b) => Number(isSettled(a)) - Number(isSettled(b)) || byValue(a, b)),
  })).filter((g) => g.tasks.length > 0);

export type TaskSection = {
  id: 'own' | 'organization' | 'all';
  title: string;
  groups: TaskGroup[];
};

/**
 * The sections of the list under "This week". An administrator's own tasks stand apart from the
 * organisation's Admin tasks; a member's, or everyone's copies (the organisation's list), are one.
 */
export function planSections(
  tasks: readonly Task[],
  split: boolean,
  title = 'Your own tasks',
): TaskSection[] {
  if (!split) return [{ id: 'all', title, groups: groupByCategory(tasks) }];
  return [
    {
      id: 'own',
      title: 'Your own tasks',
      groups: groupByCategory(tasks.filter((t) => t.scope === 'Individual')),
    },
    {
      id: 'organization',
      title: 'Your organisation’s tasks (admin)',
      groups: groupByCategory(tasks.filter((t) => t.scope === 'Admin')),
    },
  ].filter((s): s is TaskSection => s.groups.length > 0);
}

/** "about 5 min", "about 1 h 30 min", "about 8 h". */
export function durationText(minutes: number): string {
  if (minutes < 60) return `about ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `about ${hours} h` : `about ${hours} h ${rest} min`;
}

/** "+0.3 points" */
export const pointsText = (points: number) =>
  `+${points.toFixed(1)} point${points === 1 ? '' : 's'}`;
