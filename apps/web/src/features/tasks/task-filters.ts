import type { Task, TaskLabel } from '@castellan/contract';
import {
  PRIORITY_LABELS,
  RISK_LABELS,
  TASK_CATEGORIES,
  TASK_PLATFORMS,
} from '@castellan/contract/vocabulary';

export type TaskStatus = 'open' | 'snoozed' | 'done' | 'all';

type TaskWithState = Pick<Task, 'isCompleted' | 'state'>;

/** Done, or marked not applicable: nothing left to do either way. */
export const isSettled = (t: TaskWithState) => t.isCompleted || t.state === 'not-applicable';

export type TaskFilterState = {
  /** Chosen labels: a task matches when it has one of them in every group they come from. */
  labels: TaskLabel[];
  status: TaskStatus;
  /** Admins only: just the tasks assigned to the signed-in user. */
  onlyMine: boolean;
};

export const DEFAULT_FILTERS: TaskFilterState = { labels: [], status: 'open', onlyMine: true };

/** The label groups a user can filter by, in the vocabulary's order. */
export const LABEL_GROUPS: readonly { group: string; labels: readonly TaskLabel[] }[] = [
  { group: 'Category', labels: TASK_CATEGORIES },
  { group: 'Platform', labels: TASK_PLATFORMS },
  { group: 'Risk', labels: RISK_LABELS },
  { group: 'Priority', labels: PRIORITY_LABELS },
];

const groupOf = (label: TaskLabel) => LABEL_GROUPS.find((g) => g.labels.includes(label))?.group;

/** The groups and labels that occur on these tasks, so no choice leads to an empty list. */
export const labelOptions = (tasks: readonly Pick<Task, 'labels'>[]) => {
  const present = new Set(tasks.flatMap((t) => t.labels));
  return LABEL_GROUPS.map(({ group, labels }) => ({
    group,
    items: labels.filter((l) => present.has(l)),
  })).filter((g) => g.items.length > 0);
};

/** Snoozed tasks wait in their own group; "Done" holds those marked not applicable too. */
const STATUS_MATCH: Record<TaskStatus, (task: TaskWithState) => boolean> = {
  open: (t) => !isSettled(t) && t.state !== 'snoozed',
  snoozed: (t) => !isSettled(t) && t.state === 'snoozed',
  done: isSettled,
  all: () => true,
};

/**
 * The tasks the filters let through. Labels of one group widen the choice (Windows or macOS),
 * labels of different groups narrow it (Windows and High risk).
 */
export function filterTasks<T extends Pick<Task, 'labels' | 'isCompleted' | 'state' | 'user'>>(
  tasks: readonly T[],
  filters: TaskFilterState,
  email: string,
): T[] {
  const wanted = new Map<string, Set<TaskLabel>>();
  for (const label of filters.labels) {
    const group = groupOf(label) ?? label;
    wanted.set(group, (wanted.get(group) ?? new Set()).add(label));
  }
  return tasks.filter(
    (task) =>
      (!filters.onlyMine || task.user === email) &&
      STATUS_MATCH[filters.status](task) &&
      [...wanted.values()].every((labels) => task.labels.some((l) => labels.has(l))),
  );
}

/** Whether the label or status filters hide tasks the defaults would show. */
export const hasNarrowingFilters = (filters: TaskFilterState) =>
  filters.labels.length > 0 || filters.status !== DEFAULT_FILTERS.status;

/** The defaults again, keeping whose tasks are shown. */
export const clearedFilters = (filters: TaskFilterState): TaskFilterState => ({
  ...DEFAULT_FILTERS,
  onlyMine: filters.onlyMine,
});
