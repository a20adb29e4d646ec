import type { QueryClient } from '@tanstack/react-query';
import { forgetOtherAnswers, userDataQuery } from '../../lib/user-data';

/**
 * After the session moved into a client or back: every answer cached so far is the other
 * organisation's, so none may show on the next page; the user data is fetched afresh (not
 * awaited: the guard's check on the navigation that follows shares the same request).
 */
export function forgetOtherOrganisation(queryClient: QueryClient): void {
  forgetOtherAnswers(queryClient);
  void queryClient.invalidateQueries({ queryKey: userDataQuery.queryKey });
}
