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

/** The organisation's trusted domains, and whether the user may change them. */
export const trustedDomainsQuery = queryOptions({
  queryKey: ['settings', 'trusted-domains'],
  queryFn: apiQuery('/settings/trusted-domains'),
});

export const useTrustedDomains = () => useQuery(trustedDomainsQuery);

/** Replaces the trusted domains; the answer (the saved list) is shown at once. */
export function useSaveTrustedDomains() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (trustedDomains: string[]) =>
      api('PUT', '/settings/trusted-domains', { body: { trustedDomains } }),
    onSuccess: (saved) => {
      if (!saved) return showServerBusy();
      queryClient.setQueryData(trustedDomainsQuery.queryKey, saved);
    },
  });
}
