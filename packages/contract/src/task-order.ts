import type { Task } from './tasks';
import { SEVERITIES } from './vocabulary';

const PRIORITY_RANK: Record<Task['priority'], number> = { Low: 0, Medium: 1, High: 2 };
const riskRank = (task: Pick<Task, 'riskLevel'>) => SEVERITIES.indexOf(task.riskLevel);

/**
 * Worst risk first, then highest priority, then by title: the order to work through tasks (the
 * task list's, and the reminder e-mail's "most important" ones).
 */
export const byUrgency = (
  a: Pick<Task, 'riskLevel' | 'priority' | 'title' | 'user'>,
  b: Pick<Task, 'riskLevel' | 'priority' | 'title' | 'user'>,
): number =>
  riskRank(b) - riskRank(a) ||
  PRIORITY_RANK[b.priority] - PRIORITY_RANK[a.priority] ||
  a.title.localeCompare(b.title) ||
  a.user.localeCompare(b.user);
