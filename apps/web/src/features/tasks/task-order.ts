import type { Progress, Task } from '@castellan/contract';
import { SEVERITIES } from '@castellan/contract/vocabulary';

const PRIORITY_RANK: Record<Task['priority'], number> = { Low: 0, Medium: 1, High: 2 };
const riskRank = (task: Pick<Task, 'riskLevel'>) => SEVERITIES.indexOf(task.riskLevel);

/** Worst risk first, then highest priority, then by title: the order to work through them. */
export const byUrgency = (a: Task, b: Task): number =>
  riskRank(b) - riskRank(a) ||
  PRIORITY_RANK[b.priority] - PRIORITY_RANK[a.priority] ||
  a.title.localeCompare(b.title) ||
  a.user.localeCompare(b.user);

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
