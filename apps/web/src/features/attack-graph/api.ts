import type { AttackTask, SendTeamRemindersResponse } from '@castellan/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { FRAMEWORKS_KEY, TASKS_KEY } from '../../lib/query-keys';
import { showServerBusy } from '../../lib/toast';
import { organizationQuery } from '../organization';
import { attackGraphQuery } from '../risk-analysis';
import { scoreQuery } from '../score';
import { employeesQuery, mergeReminderAnswers } from '../team-progress';

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

/**
 * Reminds the people (e-mails) who have not done a task yet: one reminder each, through the same
 * endpoint, and so under the same limits, as Company status. One answer for them all.
 */
export function useRemindPeople() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (emails: readonly string[]) => {
      const employees = (await queryClient.fetchQuery(employeesQuery))?.employees ?? [];
      const ids = employees.filter((e) => emails.includes(e.email)).map((e) => e.id);
      const answers: (SendTeamRemindersResponse | undefined)[] = [];
      for (const to of ids) answers.push(await api('POST', '/team-reminders', { body: { to } }));
      return mergeReminderAnswers(answers);
    },
  });
}
