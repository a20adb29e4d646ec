import type { SendTeamRemindersRequest } from '@castellan/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, apiQuery } from '../../lib/api';
import { EMPLOYEES_KEY } from '../../lib/query-keys';

/** Administrators: every member with their task progress; a member: their own row. */
export const employeesQuery = queryOptions({
  queryKey: EMPLOYEES_KEY,
  queryFn: apiQuery('/list-employees'),
});

export const useEmployees = () => useQuery(employeesQuery);

/** An administrator's reminder to one member or everyone with open high-risk tasks. */
export const useSendReminders = () =>
  useMutation({
    mutationFn: (body: SendTeamRemindersRequest) => api('POST', '/team-reminders', { body }),
  });
