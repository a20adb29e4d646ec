import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, apiQuery } from '../../lib/api';
import { leaveSession } from '../../lib/logout';
import { showServerBusy } from '../../lib/toast';

/** Staff only: users of every organisation matching a search (at most 50). */
export const impersonationUsersQuery = (q: string) =>
  queryOptions({
    queryKey: ['impersonation', 'users', q],
    queryFn: apiQuery('/impersonation/users', { query: { q } }),
  });

export const useImpersonationUsers = (q: string) =>
  useQuery({ ...impersonationUsersQuery(q), placeholderData: keepPreviousData });

/**
 * Starts acting as a user. The session changes under the whole app, so it is loaded afresh as
 * that user rather than patched query by query.
 */
export function useStartImpersonation() {
  return useMutation({
    mutationFn: (userId: string) => api('POST', '/impersonation', { body: { userId } }),
    onSuccess: (user) => {
      if (!user) return showServerBusy();
      leaveSession('/dashboard');
    },
  });
}
