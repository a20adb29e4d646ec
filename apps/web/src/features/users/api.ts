import type {
  InviteMemberRequest,
  Member,
  MembersResponse,
  RemoveMemberResponse,
  Role,
} from '@castellan/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

/** The members of the signed-in admin's organisation. */
export const membersQuery = queryOptions({
  queryKey: ['users'],
  queryFn: () => http.get('users').json<MembersResponse>(),
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
  useMembersMutation((body: InviteMemberRequest) =>
    http.post('users', { json: body }).json<Member>(),
  );

export const useChangeRole = () =>
  useMembersMutation(({ id, role }: { id: string; role: Role }) =>
    http.patch(`users/${id}`, { json: { role } }).json<Member>(),
  );

export const useRemoveMember = () =>
  useMembersMutation((id: string) =>
    http.delete(`users/${id}`, { retry: 0 }).json<RemoveMemberResponse>(),
  );
