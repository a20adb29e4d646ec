import type { InviteMemberRequest, Role } from '@castellan/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiDelete, apiQuery } from '../../lib/api';

/** The members of the signed-in admin's organisation. */
export const membersQuery = queryOptions({
  queryKey: ['users'],
  queryFn: apiQuery('/users'),
});

export const useMembers = () => useQuery(membersQuery);

/** Each change answers with the changed member; the list is fetched again to show it in place. */
function useMembersMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersQuery.queryKey }),
  });
}

export const useInviteMember = () =>
  useMembersMutation((body: InviteMemberRequest) => api('POST', '/users', { body }));

export const useChangeRole = () =>
  useMembersMutation(({ id, role }: { id: string; role: Role }) =>
    api('PATCH', '/users/:id', { params: { id }, body: { role } }),
  );

/** Removes a member; a retry that finds them gone already counts as done. */
export const useRemoveMember = () =>
  useMembersMutation((id: string) => apiDelete('/users/:id', { params: { id } }));

/** Sends an invited member's invitation, first or again (the server allows one an hour). */
export const useSendInvitation = () =>
  useMembersMutation((id: string) => api('POST', '/users/:id/invitation', { params: { id } }));
