import type { UpdateOrganizationMailRequest, UpdateOwnMailRequest } from '@castellan/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiQuery } from '../../lib/api';
import { showServerBusy } from '../../lib/toast';

/** Which e-mail the organisation sends and which the signed-in member receives. */
export const notificationSettingsQuery = queryOptions({
  queryKey: ['settings', 'notifications'],
  queryFn: apiQuery('/settings/notifications'),
});

export const useNotificationSettings = () => useQuery(notificationSettingsQuery);

/** The organisation's last 100 messages and their results (administrators). */
export const mailMessagesQuery = queryOptions({
  queryKey: ['mail', 'messages'],
  queryFn: apiQuery('/mail/messages'),
});

export const useMailMessages = () => useQuery(mailMessagesQuery);

/** Saves a switch; the answer (all the settings) is shown at once. */
function useSaveSettings<T>(save: (body: T) => ReturnType<typeof saveOwn>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: (saved) => {
      if (!saved) return showServerBusy();
      queryClient.setQueryData(notificationSettingsQuery.queryKey, saved);
    },
  });
}

const saveOwn = (body: UpdateOwnMailRequest) => api('PUT', '/settings/notifications/own', { body });
const saveOrganization = (body: UpdateOrganizationMailRequest) =>
  api('PUT', '/settings/notifications/organization', { body });

export const useSaveOwnMail = () => useSaveSettings(saveOwn);
export const useSaveOrganizationMail = () => useSaveSettings(saveOrganization);
