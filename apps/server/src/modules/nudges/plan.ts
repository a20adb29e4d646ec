import { DUE_DAYS, dueDateOf, nudgeFromOf, type Task } from '@castellan/contract';

/**
 * What the daily nudge run decides from an organisation's tasks, without the database: whose
 * clock starts or stops, what a person is nudged about, and what is overdue.
 */

export type TaskKey = { catalogueId: string; userId: string | null };

/** What a nudge names of a task: enough to render it again when the job sends it. */
export type NamedTask = { id: string; title: string; dueAt: string; owner?: string };

const keyString = (k: TaskKey) => `${k.catalogueId}|${k.userId ?? ''}`;

/** The task's clock: a member's own, or the organisation's for an Admin task. */
export function keyOf(task: Pick<Task, 'id' | 'catalogueId' | 'scope'>): TaskKey {
  const userId = task.id.slice(task.id.lastIndexOf(':') + 1);
  return { catalogueId: task.catalogueId, userId: task.scope === 'Admin' ? null : userId };
}

const hasDeadline = (t: Task) =>
  (t.state === 'open' || t.state === 'snoozed') && Object.hasOwn(DUE_DAYS, t.riskLevel);

/**
 * The clocks to start (tasks open, or snoozed, without one) and to stop (kept for tasks that are
 * done, not applicable or no longer anyone's), from the tasks and the stored clocks.
 */
export function deadlineChanges(
  tasks: readonly Task[],
  stored: readonly TaskKey[],
): { opened: TaskKey[]; closed: TaskKey[] } {
  const running = new Map<string, TaskKey>();
  for (const t of tasks) if (hasDeadline(t)) running.set(keyString(keyOf(t)), keyOf(t));
  const storedKeys = new Set(stored.map(keyString));
  return {
    opened: [...running.entries()].filter(([k]) => !storedKeys.has(k)).map(([, key]) => key),
    closed: stored.filter((k) => !running.has(keyString(k))),
  };
}

/** The tasks as they stand once the clocks started at `now` run: a due date for each. */
export const withClocksStarted = (tasks: readonly Task[], now: Date): Task[] =>
  tasks.map((t) =>
    t.dueAt === null && hasDeadline(t)
      ? { ...t, dueAt: dueDateOf(now, t.riskLevel)?.toISOString() ?? null }
      : t,
  );

/** A person's open tasks whose nudging time has come (overdue ones too), soonest due first. */
export function dueSoon(tasks: readonly Task[], now: Date): Task[] {
  return tasks
    .filter(
      (t) =>
        t.state === 'open' &&
        t.dueAt !== null &&
        nudgeFromOf(new Date(t.dueAt), t.riskLevel).getTime() <= now.getTime(),
    )
    .sort(byDue);
}

/**
 * The organisation's overdue tasks administrators are told of: open or snoozed (a snooze puts a
 * task aside, not its deadline), escalation on; an Admin task once, however many admins hold it.
 */
export function overdue(tasks: readonly Task[], now: Date): Task[] {
  const seen = new Set<string>();
  return tasks
    .filter((t) => {
      if (!hasDeadline(t) || !t.escalate || t.dueAt === null) return false;
      if (new Date(t.dueAt).getTime() > now.getTime()) return false;
      const key = keyString(keyOf(t));
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort(byDue);
}

const byDue = (a: Task, b: Task) => (a.dueAt ?? '').localeCompare(b.dueAt ?? '');
