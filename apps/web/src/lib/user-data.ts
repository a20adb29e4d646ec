import type { UserData } from '@castellan/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';
import { httpStatus } from './http';
import { sessionState } from './session-state';

/**
 * The signed-in user, or null when anonymous. A busy server (429, no content) changes nothing: the
 * user already known, in the cache or the session state, stays signed in.
 */
export const userDataQuery = queryOptions({
  queryKey: ['auth', 'user-data'],
  queryFn: async ({ client, queryKey }): Promise<UserData | null> => {
    try {
      const user = await api('GET', '/auth/user-data', { context: { expectUnauthorized: true } });
      if (!user) return client.getQueryData<UserData | null>(queryKey) ?? sessionState.read().user;
      sessionState.update({ user });
      return user;
    } catch (error) {
      if (httpStatus(error) !== 401) throw error;
      sessionState.update({ user: null, organization: null });
      return null;
    }
  },
  staleTime: 30_000,
});

export const useUserData = () => useQuery(userDataQuery);

/** Shows a newer version of the signed-in user everywhere at once: the cache and the session state. */
export function rememberUser(queryClient: QueryClient, user: UserData): void {
  sessionState.update({ user });
  queryClient.setQueryData(userDataQuery.queryKey, user);
}
