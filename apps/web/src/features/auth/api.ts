import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiQuery } from '../../lib/api';
import { showServerBusy } from '../../lib/toast';
import { rememberUser } from '../../lib/user-data';

export const testUsersQuery = queryOptions({
  queryKey: ['auth', 'test-users'],
  queryFn: apiQuery('/auth/test-users'),
});

export function useTestLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api('POST', '/auth/test-login', { body: { email } }),
    onSuccess: (user) => {
      if (!user) return showServerBusy();
      rememberUser(queryClient, user);
    },
  });
}
