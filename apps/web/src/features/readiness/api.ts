import type { ReadinessSetId } from '@castellan/contract/assurance-rules';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiDelete, apiQuery } from '../../lib/api';

/** One readiness view: each question or control with its answer and evidence (administrators). */
export const readinessQuery = (set: ReadinessSetId) =>
  queryOptions({
    queryKey: ['readiness', set],
    queryFn: apiQuery('/readiness/:set', { params: { set } }),
  });

export const useReadiness = (set: ReadinessSetId) => useQuery(readinessQuery(set));

/** The report's share links with how often each was opened (administrators). */
export const reportSharesQuery = queryOptions({
  queryKey: ['report-shares'],
  queryFn: apiQuery('/report-shares'),
});

export const useReportShares = () => useQuery(reportSharesQuery);

/** Shares the report as it is now; the answer holds the link's address, shown only this once. */
export function useCreateShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (days: number) => api('POST', '/report-shares', { body: { days } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportSharesQuery.queryKey }),
  });
}

/** Ends a share link now; one already revoked by a colleague counts as done. */
export function useRevokeShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete('/report-shares/:id', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportSharesQuery.queryKey }),
  });
}
