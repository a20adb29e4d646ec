import type { ImpersonationCandidate, UserData } from '@castellan/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { queryClient } from '../../app/query-client';
import { http } from '../../lib/http';
import { sessionState } from '../../lib/session-state';

/** Staff only: users of every organisation matching a search (at most 50). */
export const impersonationUsersQuery = (q: string) =>
  queryOptions({
    queryKey: ['impersonation', 'users', q],
    queryFn: ({ signal }) =>
      http
        .get('impersonation/users', { searchParams: { q }, signal })
        .json<{ users: ImpersonationCandidate[] }>(),
  });

export const useImpersonationUsers = (q: string) =>
  useQuery({ ...impersonationUsersQuery(q), placeholderData: keepPreviousData });

/**
 * Starts acting as a user. The session changes under the whole app, so it is loaded afresh as
 * that user rather than patched query by query.
 */
export function useStartImpersonation() {
  return useMutation({
    mutationFn: (userId: string) =>
      http.post('impersonation', { json: { userId }, retry: 0 }).json<UserData>(),
    onSuccess: () => {
      queryClient.clear();
      sessionState.clear();
      window.location.assign('/dashboard');
    },
  });
}
