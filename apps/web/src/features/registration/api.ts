import type { UserData } from '@castellan/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { httpStatus } from '../../lib/http';
import { showServerBusy } from '../../lib/toast';
import { rememberUser, userDataQuery } from '../../lib/user-data';

/**
 * Ends the organisation's registration, then reloads the user data, so the guard (which reads it)
 * lets the admin into the app. Already registered (409) counts as done.
 */
export function useCompleteRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    /** True once registered; false when the server was too busy to answer (429). */
    mutationFn: async (): Promise<boolean> => {
      try {
        const done = await api('POST', '/registration/complete');
        return done !== undefined;
      } catch (error) {
        if (httpStatus(error) !== 409) throw error;
        return true;
      }
    },
    onSuccess: async (registered) => {
      if (!registered) return showServerBusy();
      const user = queryClient.getQueryData<UserData | null>(userDataQuery.queryKey);
      if (user) rememberUser(queryClient, { ...user, organizationStatus: 'REGISTERED' });
      await queryClient.fetchQuery({ ...userDataQuery, staleTime: 0 });
    },
  });
}
