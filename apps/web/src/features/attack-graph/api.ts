import type { AttackTask } from '@castellan/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiQuery } from '../../lib/api';
import { showServerBusy } from '../../lib/toast';
import { scoreQuery } from '../score';
import { TASKS_KEY } from '../tasks';

export const attackGraphQuery = queryOptions({
  queryKey: ['risk-analysis', 'attack-graph'],
  queryFn: apiQuery('/risk-analysis/attack-graph'),
});

export const useAttackGraph = () => useQuery(attackGraphQuery);

/**
 * Marks an entry point's task done. The graph is fetched again afterwards: the server drops the
 * paths the task cut. The task lists and the score change too.
 */
export function useCompleteAttackTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (task: AttackTask) =>
      api('POST', '/mark-action-complete', { body: { taskId: task.taskId } }),
    onSuccess: (done) => {
      if (!done) showServerBusy();
    },
    onSettled: () =>
      Promise.all(
        [attackGraphQuery.queryKey, TASKS_KEY, scoreQuery.queryKey].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
