import type { UpdateProfileRequest } from '@castellan/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiDelete, apiQuery } from '../../lib/api';
import { showServerBusy } from '../../lib/toast';
import { rememberUser } from '../../lib/user-data';

/** Saves the user's own name; the answer is the new user data, shown at once everywhere. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) => api('PATCH', '/auth/profile', { body }),
    onSuccess: (user) => {
      if (!user) return showServerBusy();
      rememberUser(queryClient, user);
    },
  });
}

/** Deletes the signed-in user's account; undefined when the server was too busy to (429). */
export const deleteAccount = () => api('POST', '/auth/delete-account');

/** The signed-in user's own sessions (browsers they are signed in with). */
export const userSessionsQuery = queryOptions({
  queryKey: ['auth', 'sessions'],
  queryFn: apiQuery('/auth/sessions'),
});

export const useUserSessions = () => useQuery(userSessionsQuery);

/** Signs one of the user's other sessions out; the list is fetched again either way. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete('/auth/sessions/:id', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userSessionsQuery.queryKey }),
  });
}
