import type { TaskPriority } from '@castellan/contract';
import type { CatalogueTask } from './catalogue/types';

/** Points a task is worth in the score model, by its risk: the worse the risk it removes, the more. */
export const RISK_POINTS = { Critical: 10, High: 6, Medium: 3, Low: 1, Info: 0 } as const;

/**
 * Score points per minute of work from which a task is High or Medium priority (docs/using.md).
 * In the demo team of ten, turning on two-step verification (0.3 points in 5 minutes) is High,
 * locking the screen (0.1 in 5) Medium, backing up the company's data (3.1 in a week's work) Low.
 */
export const PRIORITY_THRESHOLDS = { High: 0.05, Medium: 0.01 } as const;

export type TaskValue = {
  /** Estimated time, in minutes. */
  minutes: number;
  /** Cyber score points (0–100 scale) the task adds when done, one decimal. */
  points: number;
  priority: TaskPriority;
};

export function priorityOf(points: number, minutes: number): TaskPriority {
  const perMinute = points / minutes;
  if (perMinute >= PRIORITY_THRESHOLDS.High) return 'High';
  if (perMinute >= PRIORITY_THRESHOLDS.Medium) return 'Medium';
  return 'Low';
}

/**
 * The value of each task of an organisation's catalogue, as `scoreOf` counts it: an Admin task
 * adds its whole RISK_POINTS share of the catalogue's points, an Individual task one member's
 * part of it.
 */
export function taskValues(
  catalogue: readonly CatalogueTask[],
  memberCount: number,
): (t: CatalogueTask) => TaskValue {
  const possible = catalogue.reduce((sum, t) => sum + RISK_POINTS[t.risk], 0);
  return (t) => {
    const share = t.scope === 'Admin' ? 1 : memberCount === 0 ? 0 : 1 / memberCount;
    const points = possible === 0 ? 0 : (100 * RISK_POINTS[t.risk] * share) / possible;
    return {
      minutes: t.minutes,
      points: Math.round(points * 10) / 10,
      priority: priorityOf(points, t.minutes),
    };
  };
}
