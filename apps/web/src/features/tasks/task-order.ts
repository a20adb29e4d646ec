import type { Progress, Task } from '@castellan/contract';
import { byUrgency } from '@castellan/contract/task-order';

const perMinute = (t: Pick<Task, 'points' | 'minutes'>) => t.points / t.minutes;

/** The most score points per minute of work first; equal ones by urgency. */
export const byValue = (a: Task, b: Task): number => perMinute(b) - perMinute(a) || byUrgency(a, b);

/** Open tasks before done ones, each the most worth per minute first. */
export const sortTasks = (tasks: readonly Task[]): Task[] =>
  [...tasks].sort((a, b) => Number(a.isCompleted) - Number(b.isCompleted) || byValue(a, b));

/**
 * What to do next: the open task that adds the most score points per minute (This week's first),
 * or null when nothing is open (done, snoozed or not applicable).
 */
export const nextTask = (tasks: readonly Task[]): Task | null =>
  tasks.filter((t) => !t.isCompleted && t.state === 'open').sort(byValue)[0] ?? null;

/**
 * Completion of a list of tasks, those marked not applicable left out (as the server does);
 * percent rounds down (as the server's), so 100 means all done.
 */
export function progressOf(tasks: readonly Pick<Task, 'isCompleted' | 'state'>[]): Progress {
  const counted = tasks.filter((t) => t.state !== 'not-applicable');
  const total = counted.length;
  const completed = counted.filter((t) => t.isCompleted).length;
  return { completed, total, percent: total === 0 ? 100 : Math.floor((completed / total) * 100) };
}

/**
 * The copy of a catalogue task a link opens (`/tasks?task=encrypt-disk`): the user's own, else
 * the most urgent open one, else any; null when the list has none.
 */
export function taskToOpen(tasks: readonly Task[], catalogueId: string, email: string) {
  const copies = tasks.filter((t) => t.catalogueId === catalogueId);
  return copies.find((t) => t.user === email) ?? nextTask(copies) ?? copies[0] ?? null;
}
