import type { Task } from '@castellan/contract';

/**
 * The list as it will be once `done` is completed: the task itself and, for an Admin task (done
 * once for the organisation), every admin's copy of it.
 */
export function withCompleted<T extends Task>(tasks: readonly T[], done: Task, at: Date): T[] {
  const sameWork = (t: Task) =>
    t.id === done.id ||
    (done.scope === 'Admin' && t.scope === 'Admin' && t.catalogueId === done.catalogueId);
  return tasks.map((t) =>
    sameWork(t) && !t.isCompleted ? { ...t, isCompleted: true, completedAt: at.toISOString() } : t,
  );
}
