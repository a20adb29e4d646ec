import type { UpdateTrustPageRequest } from '@castellan/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiQuery } from '../../lib/api';
import { showServerBusy } from '../../lib/toast';

/** The organisation's public trust page settings (administrators). */
export const trustPageSettingsQuery = queryOptions({
  queryKey: ['settings', 'trust-page'],
  queryFn: apiQuery('/settings/trust-page'),
});

export const useTrustPageSettings = () => useQuery(trustPageSettingsQuery);

/** Saves the settings; the answer replaces them, and any public page already fetched is stale. */
export function useSaveTrustPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTrustPageRequest) => api('PUT', '/settings/trust-page', { body }),
    onSuccess: async (saved) => {
      if (!saved) return showServerBusy();
      queryClient.setQueryData(trustPageSettingsQuery.queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: ['trust-center', 'organization'] });
    },
  });
}
