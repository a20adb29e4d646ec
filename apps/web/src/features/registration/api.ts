import type { UserData } from '@castellan/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, httpStatus } from '../../lib/http';
import { sessionState } from '../../lib/session-state';
import { userDataQuery } from '../auth/api';

/**
 * Ends the organisation's registration, then reloads the user data, so the guard (which reads it)
 * lets the admin into the app. Already registered (409) counts as done.
 */
export function useCompleteRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await http.post('registration/complete', { retry: 0 }).json<{ status: 'REGISTERED' }>();
      } catch (error) {
        if (httpStatus(error) !== 409) throw error;
      }
    },
    onSuccess: async () => {
      const user = queryClient.setQueryData<UserData | null>(userDataQuery.queryKey, (old) =>
        old ? { ...old, organizationStatus: 'REGISTERED' } : old,
      );
      if (user) sessionState.update({ user });
      await queryClient.fetchQuery({ ...userDataQuery, staleTime: 0 });
    },
  });
}
