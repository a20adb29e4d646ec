import type { BaselineRequest } from '@castellan/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiAnswer, api, apiDelete, apiQuery } from '../../lib/api';
import { partnerOverviewQuery } from './api';

/** The partner's baselines and the tasks a baseline can name. */
export const baselinesQuery = queryOptions({
  queryKey: ['partners', 'baselines'],
  queryFn: apiQuery('/partner/baselines'),
});

export const useBaselines = () => useQuery(baselinesQuery);

/** A task a baseline can name, as the server offers it. */
export type TaskChoice = ApiAnswer<'GET', '/partner/baselines'>['tasks'][number];

/** What partners' baselines set in this organisation (its administrators). */
export const baselineApplicationsQuery = queryOptions({
  queryKey: ['partners', 'baseline-applications'],
  queryFn: apiQuery('/partners/baselines'),
});

export const useBaselineApplications = () => useQuery(baselineApplicationsQuery);

function useBaselinesChange<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: baselinesQuery.queryKey }),
  });
}

/** Creates a baseline, or changes the one with `id`. */
export const useSaveBaseline = () =>
  useBaselinesChange(({ id, body }: { id: string | null; body: BaselineRequest }) =>
    id === null
      ? api('POST', '/partner/baselines', { body })
      : api('PUT', '/partner/baselines/:id', { params: { id }, body }),
  );

export const useDeleteBaseline = () =>
  useBaselinesChange((id: string) => apiDelete('/partner/baselines/:id', { params: { id } }));

/**
 * Applies a baseline to chosen clients. The baselines (where each was applied) and the clients'
 * figures are fetched again, not waited for: the results show while the roll-up is worked out.
 */
export function useApplyBaseline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, linkIds }: { id: string; linkIds: string[] }) =>
      api('POST', '/partner/baselines/:id/apply', { params: { id }, body: { linkIds } }),
    onSettled: () => {
      for (const queryKey of [baselinesQuery.queryKey, partnerOverviewQuery.queryKey]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
