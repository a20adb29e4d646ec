import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../lib/api';

/** Every member of the organisation with their task progress. */
export const employeesQuery = queryOptions({
  queryKey: ['employees'],
  queryFn: apiQuery('/list-employees'),
});

export const useEmployees = () => useQuery(employeesQuery);
