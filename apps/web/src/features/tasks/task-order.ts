import type { Progress, Task } from '@castellan/contract';
import { byUrgency } from '@castellan/contract/task-order';

/** Open tasks before done ones, each by urgency. */
export const sortTasks = (tasks: readonly Task[]): Task[] =>
  [...tasks].sort((a, b) => Number(a.isCompleted) - Number(b.isCompleted) || byUrgency(a, b));

/** What to do next: the open task with the worst risk, or null when everything is done. */
export const nextTask = (tasks: readonly Task[]): Task | null =>
  tasks.filter((t) => !t.isCompleted).sort(byUrgency)[0] ?? null;

/** Completion of a list of tasks; percent rounds down (as the server's), so 100 means all done. */
export function progressOf(tasks: readonly Pick<Task, 'isCompleted'>[]): Progress {
  const total = tasks.length;
  const completed = tasks.filter((t) => t.isCompleted).length;
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
