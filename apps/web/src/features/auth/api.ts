import type { TestUsersResponse, UserData } from '@castellan/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, httpStatus } from '../../lib/http';
import { sessionState } from '../../lib/session-state';

/** The signed-in user, or null when anonymous. */
export const userDataQuery = queryOptions({
  queryKey: ['auth', 'user-data'],
  queryFn: async (): Promise<UserData | null> => {
    try {
      const user = await http
        .get('auth/user-data', { retry: 0, context: { expectUnauthorized: true } })
        .json<UserData>();
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

export const testUsersQuery = queryOptions({
  queryKey: ['auth', 'test-users'],
  queryFn: () => http.get('auth/test-users').json<TestUsersResponse>(),
});

export function useTestLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      http.post('auth/test-login', { json: { email } }).json<UserData>(),
    onSuccess: (user) => {
      sessionState.update({ user });
      queryClient.setQueryData(userDataQuery.queryKey, user);
    },
  });
}
