import type { DeleteAccountResponse, UpdateProfileRequest, UserData } from '@castellan/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { sessionState } from '../../lib/session-state';
import { userDataQuery } from '../auth/api';

/** Saves the user's own name; the answer is the new user data, shown at once everywhere. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) =>
      http.patch('auth/profile', { json: body }).json<UserData>(),
    onSuccess: (user) => {
      sessionState.update({ user });
      queryClient.setQueryData(userDataQuery.queryKey, user);
    },
  });
}

export const deleteAccount = () =>
  http.post('auth/delete-account', { retry: 0 }).json<DeleteAccountResponse>();
