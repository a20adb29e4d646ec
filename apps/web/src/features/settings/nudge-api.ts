import type { NudgeSettings } from '@castellan/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiQuery } from '../../lib/api';
import { showServerBusy } from '../../lib/toast';

/** Whether the organisation nudges people about due tasks, through which channel, and who may change it. */
export const nudgeSettingsQuery = queryOptions({
  queryKey: ['settings', 'nudges'],
  queryFn: apiQuery('/nudges/settings'),
});

export const useNudgeSettings = () => useQuery(nudgeSettingsQuery);

/** Saves the organisation's choice (administrators); the answer is shown at once. */
export function useSaveNudgeSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NudgeSettings) => api('PUT', '/nudges/settings', { body }),
    onSuccess: (saved) => {
      if (!saved) return showServerBusy();
      queryClient.setQueryData(nudgeSettingsQuery.queryKey, saved);
    },
  });
}
