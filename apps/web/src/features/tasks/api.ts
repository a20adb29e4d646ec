import type { ActionsResponse, Task } from '@castellan/contract';
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
import { withCompleted } from './task-cache';

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

/**
 * Marks a task complete (spec §4): shown as done at once in every cached list, then the lists,
 * the score, the team's figures and the frameworks' shares are fetched again. A refusal, or a
 * server too busy to answer, puts the lists back as they were.
 */
export function useCompleteTask() {
  const queryClient = useQueryClient();
  const restore = (before: [QueryKey, ActionsResponse | undefined][] | undefined) => {
    for (const [key, data] of before ?? []) queryClient.setQueryData(key, data);
  };
  return useMutation({
    mutationFn: (task: Task) => api('POST', '/mark-action-complete', { body: { taskId: task.id } }),
    onMutate: async (task) => {
      await queryClient.cancelQueries({ queryKey: TASKS_KEY });
      const before = queryClient.getQueriesData<ActionsResponse>({ queryKey: TASKS_KEY });
      const now = new Date();
      queryClient.setQueriesData<ActionsResponse>({ queryKey: TASKS_KEY }, (data) =>
        data ? { tasks: withCompleted(data.tasks, task, now) } : data,
      );
      return { before };
    },
    // A busy server (429, no content) completed nothing: the task is open again at once, not
    // only once the lists fetched again below have arrived.
    onSuccess: (done, _task, context) => {
      if (done) return;
      restore(context?.before);
      showServerBusy();
    },
    onError: (_error, _task, context) => restore(context?.before),
    onSettled: () =>
      Promise.all(
        AFFECTED_BY_COMPLETION.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
