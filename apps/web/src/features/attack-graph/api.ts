import type { AttackTask } from '@castellan/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { FRAMEWORKS_KEY, TASKS_KEY } from '../../lib/query-keys';
import { showServerBusy } from '../../lib/toast';
import { organizationQuery } from '../organization';
import { attackGraphQuery } from '../risk-analysis';
import { scoreQuery } from '../score';

export { useAttackGraph } from '../risk-analysis';

/**
 * Marks an entry point's task done. The graph is fetched again afterwards: the server drops the
 * paths the task cut. The task lists, the frameworks' shares, the score and the expected breach
 * cost change too.
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
        [
          attackGraphQuery.queryKey,
          TASKS_KEY,
          FRAMEWORKS_KEY,
          scoreQuery.queryKey,
          organizationQuery.queryKey,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
