import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../lib/api';

/** The administrator's first-week steps, each judged by the server from what is stored. */
export const setupChecklistQuery = queryOptions({
  queryKey: ['setup-checklist'],
  queryFn: apiQuery('/setup-checklist'),
});

export const useSetupChecklist = () => useQuery({ ...setupChecklistQuery, staleTime: 0 });
