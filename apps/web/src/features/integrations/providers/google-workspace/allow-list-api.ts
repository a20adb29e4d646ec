import type { AllowListKey, AllowListResponse } from '@castellan/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiQuery } from '../../../../lib/api';
import { externalSharesQuery, GOOGLE_KEY } from './google-api';

export const allowListQuery = queryOptions({
  queryKey: [...GOOGLE_KEY, 'allow-list'],
  queryFn: apiQuery('/integrations/google-workspace/allow-list'),
});

export const useAllowList = () => useQuery(allowListQuery);

/**
 * Every allow-list call answers with the whole list, which replaces the cached one at once. Two
 * decisions made quickly may be answered out of order, the older list last: so the list is also
 * fetched again once each call settles (a new fetch cancels the one before, the last one wins).
 * The external shares are fetched again since which of them are allowed may have changed. A busy
 * server answers nothing (undefined): nothing changed.
 */
function useAllowListMutation<T>(send: (input: T) => Promise<AllowListResponse | undefined>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (list) => {
      if (list) queryClient.setQueryData(allowListQuery.queryKey, list);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: allowListQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: externalSharesQuery.queryKey }),
      ]),
  });
}

const PATH = '/integrations/google-workspace/allow-list';

/** Adds approved entries (administrators). */
export const useAddToAllowList = () =>
  useAllowListMutation((entries: AllowListKey[]) => api('POST', PATH, { body: entries }));

/** Removes entries (administrators). */
export const useRemoveFromAllowList = () =>
  useAllowListMutation((entries: AllowListKey[]) => api('DELETE', PATH, { body: entries }));

/** Asks the administrators to allow an entry (anyone). */
export const useRequestAllowListEntry = () =>
  useAllowListMutation((entry: AllowListKey) => api('POST', `${PATH}/request`, { body: entry }));

/** Decides on a pending entry (administrators). */
export const useDecideAllowListEntry = () =>
  useAllowListMutation(({ entry, decision }: { entry: AllowListKey; decision: Decision }) =>
    decision === 'approve'
      ? api('POST', `${PATH}/approve`, { body: entry })
      : api('POST', `${PATH}/deny`, { body: entry }),
  );

export type Decision = 'approve' | 'deny';
