import type { UserData } from '@castellan/contract';
import { hashKey, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
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
      const known = client.getQueryData<UserData | null>(queryKey);
      if (!user) return known ?? sessionState.read().user;
      // The session is in another organisation than the answers cached so far (a partner's link
      // ended, say): none of them may show again.
      if (known && !sameOrganisation(known, user)) forgetOtherAnswers(client);
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

/**
 * Removes every cached answer but the user data, and the organisation kept for the session: they
 * were another organisation's (the session moved into a client, back, or its link ended).
 */
export function forgetOtherAnswers(queryClient: QueryClient): void {
  const userKey = hashKey(userDataQuery.queryKey);
  queryClient.removeQueries({ predicate: (query) => query.queryHash !== userKey });
  sessionState.update({ organization: null });
}

/** Whether two answers of the user data are about the same organisation, seen the same way. */
const sameOrganisation = (a: UserData, b: UserData) =>
  a.email === b.email &&
  a.companyDomain === b.companyDomain &&
  (a.partner?.linkId ?? null) === (b.partner?.linkId ?? null);

/** Shows a newer version of the signed-in user everywhere at once: the cache and the session state. */
export function rememberUser(queryClient: QueryClient, user: UserData): void {
  sessionState.update({ user });
  queryClient.setQueryData(userDataQuery.queryKey, user);
}
