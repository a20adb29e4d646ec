import type { ActionsResponse, SnoozeTaskRequest, Task } from '@castellan/contract';
import {
  type QueryKey,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, apiQuery } from '../../lib/api';
import { FRAMEWORKS_KEY, TASKS_KEY } from '../../lib/query-keys';
import { showServerBusy } from '../../lib/toast';
import { scoreQuery } from '../score';
import { employeesQuery } from '../team-progress';
import { withCompleted, withEscalation, withState } from './task-cache';

export type TaskScope = 'mine' | 'organization';

/** The signed-in user's tasks, or (admins) every member's. */
export const tasksQuery = (scope: TaskScope) =>
  queryOptions({
    queryKey: [...TASKS_KEY, scope],
    queryFn: apiQuery('/actions', { query: { scope } }),
  });

export const useTasks = (scope: TaskScope, enabled = true) =>
  useQuery({ ...tasksQuery(scope), enabled });

/** Everything whose numbers a completed task changes. */
const AFFECTED_BY_COMPLETION = [
  TASKS_KEY,
  scoreQuery.queryKey,
  employeesQuery.queryKey,
  FRAMEWORKS_KEY,
];

type Lists = [QueryKey, ActionsResponse | undefined][];

/**
 * Every cached task list, changed by `change` at once; `restore` puts them back as they were,
 * `refetch` fetches them again with everything a task's state changes.
 */
function useTaskLists() {
  const queryClient = useQueryClient();
  return {
    change: async (change: (tasks: Task[]) => Task[]): Promise<{ before: Lists }> => {
      await queryClient.cancelQueries({ queryKey: TASKS_KEY });
      const before = queryClient.getQueriesData<ActionsResponse>({ queryKey: TASKS_KEY });
      queryClient.setQueriesData<ActionsResponse>({ queryKey: TASKS_KEY }, (data) =>
        data ? { tasks: change(data.tasks) } : data,
      );
      return { before };
    },
    restore: (before: Lists | undefined) => {
      for (const [key, data] of before ?? []) queryClient.setQueryData(key, data);
    },
    refetch: () =>
      Promise.all(
        AFFECTED_BY_COMPLETION.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  };
}

/**
 * Marks a task complete (spec §4): shown as done at once in every cached list, then the lists,
 * the score, the team's figures and the frameworks' shares are fetched again. A refusal, or a
 * server too busy to answer, puts the lists back as they were.
 */
export function useCompleteTask() {
  const lists = useTaskLists();
  return useMutation({
    mutationFn: (task: Task) => api('POST', '/mark-action-complete', { body: { taskId: task.id } }),
    onMutate: (task) => {
      const now = new Date();
      return lists.change((tasks) => withCompleted(tasks, task, now));
    },
    // A busy server (429, no content) completed nothing: the task is open again at once, not
    // only once the lists fetched again below have arrived.
    onSuccess: (done, _task, context) => {
      if (done) return;
      lists.restore(context?.before);
      showServerBusy();
    },
    onError: (_error, _task, context) => lists.restore(context?.before),
    onSettled: lists.refetch,
  });
}

/** A change of a task's state: marked not applicable (with why) or back, snoozed or back. */
export type StateChange =
  | { task: Task; change: 'not-applicable'; reason: string }
  | { task: Task; change: 'applicable' }
  | { task: Task; change: 'snooze'; days: SnoozeTaskRequest['days'] }
  | { task: Task; change: 'unsnooze' };

const DAY_MS = 86_400_000;

/** What the task will look like once the server has made the change (shown meanwhile). */
function expected(c: StateChange, now: Date): Task {
  const { task } = c;
  const settled = task.isCompleted ? 'completed' : 'open';
  switch (c.change) {
    case 'not-applicable':
      return {
        ...task,
        state: 'not-applicable',
        notApplicable: { reason: c.reason.trim(), by: null, at: now.toISOString() },
      };
    case 'applicable':
      return { ...task, state: task.snoozedUntil ? 'snoozed' : settled, notApplicable: null };
    case 'snooze': {
      const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
      const snoozedUntil = new Date(today + c.days * DAY_MS).toISOString();
      return { ...task, state: task.notApplicable ? task.state : 'snoozed', snoozedUntil };
    }
    case 'unsnooze':
      return { ...task, state: task.notApplicable ? task.state : settled, snoozedUntil: null };
  }
}

function sendChange(c: StateChange) {
  const taskId = c.task.id;
  switch (c.change) {
    case 'not-applicable':
      return api('POST', '/tasks/not-applicable', { body: { taskId, reason: c.reason } });
    case 'applicable':
      return api('DELETE', '/tasks/not-applicable', { body: { taskId } });
    case 'snooze':
      return api('POST', '/tasks/snooze', { body: { taskId, days: c.days } });
    case 'unsnooze':
      return api('DELETE', '/tasks/snooze', { body: { taskId } });
  }
}

/**
 * Marks a task not applicable or snoozes it (or undoes either), as "Mark as complete" does: shown
 * at once in every cached list, then the server's answer, then everything it changes fetched
 * again. A refusal, or a busy server, puts the lists back as they were.
 */
export function useChangeTaskState() {
  const lists = useTaskLists();
  return useMutation({
    mutationFn: sendChange,
    onMutate: (c) => {
      const shown = expected(c, new Date());
      return lists.change((tasks) => withState(tasks, shown));
    },
    onSuccess: async (answer, _c, context) => {
      if (answer) {
        await lists.change((tasks) => withState(tasks, answer.task));
        return;
      }
      lists.restore(context?.before);
      showServerBusy();
    },
    onError: (_error, _c, context) => lists.restore(context?.before),
    onSettled: lists.refetch,
  });
}

/**
 * Administrators: whether they are told when this task is overdue, for every member's copy of it.
 * Shown at once in every cached list; a refusal, or a busy server, puts the lists back. Nothing
 * else depends on it, so nothing is fetched again.
 */
export function useSetTaskEscalation() {
  const lists = useTaskLists();
  return useMutation({
    mutationFn: ({ task, escalate }: { task: Task; escalate: boolean }) =>
      api('PUT', '/tasks/escalation', { body: { taskId: task.id, escalate } }),
    onMutate: ({ task, escalate }) =>
      lists.change((tasks) => withEscalation(tasks, task.catalogueId, escalate)),
    onSuccess: async (answer, _v, context) => {
      if (answer) {
        await lists.change((tasks) => withEscalation(tasks, answer.catalogueId, answer.escalate));
        return;
      }
      lists.restore(context?.before);
      showServerBusy();
    },
    onError: (_error, _v, context) => lists.restore(context?.before),
  });
}
