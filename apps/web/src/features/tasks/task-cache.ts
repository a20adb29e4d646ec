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
    sameWork(t) && !t.isCompleted
      ? {
          ...t,
          isCompleted: true,
          completedAt: at.toISOString(),
          state: t.state === 'not-applicable' ? t.state : 'completed',
          snoozedUntil: null,
        }
      : t,
  );
}

/**
 * The list with `changed` (a task as the server answered it) in place: its own copy, and what it
 * shares with other copies: an Admin task's state, and any task's not-applicable mark (both hold
 * for the whole organisation).
 */
export function withState<T extends Task>(tasks: readonly T[], changed: Task): T[] {
  return tasks.map((t) => {
    if (t.id === changed.id) return { ...t, ...changed };
    if (t.catalogueId !== changed.catalogueId) return t;
    if (changed.scope === 'Admin') return { ...t, state: changed.state, ...sharedState(changed) };
    const notApplicable = changed.notApplicable;
    return {
      ...t,
      notApplicable,
      state: notApplicable
        ? 'not-applicable'
        : t.isCompleted
          ? 'completed'
          : t.snoozedUntil
            ? 'snoozed'
            : 'open',
    };
  });
}

const sharedState = (t: Task) => ({ notApplicable: t.notApplicable, snoozedUntil: t.snoozedUntil });

/**
 * The list with a task's escalation switched: it holds for the whole organisation, so for every
 * copy of the task (each member's).
 */
export const withEscalation = <T extends Task>(
  tasks: readonly T[],
  catalogueId: string,
  escalate: boolean,
): T[] => tasks.map((t) => (t.catalogueId === catalogueId ? { ...t, escalate } : t));
