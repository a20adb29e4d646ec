import { hashKey, type QueryClient } from '@tanstack/react-query';
import { sessionState } from '../../lib/session-state';
import { userDataQuery } from '../../lib/user-data';

/**
 * After the session moved into a client or back: every answer cached so far is the other
 * organisation's, so none may show on the next page; the user data is fetched afresh (not
 * awaited: the guard's check on the navigation that follows shares the same request).
 */
export function forgetOtherOrganisation(queryClient: QueryClient): void {
  const userKey = hashKey(userDataQuery.queryKey);
  queryClient.removeQueries({ predicate: (query) => query.queryHash !== userKey });
  sessionState.update({ organization: null });
  void queryClient.invalidateQueries({ queryKey: userDataQuery.queryKey });
}
