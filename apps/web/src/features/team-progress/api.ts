import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../lib/api';
import { EMPLOYEES_KEY } from '../../lib/query-keys';

/** Every member of the organisation with their task progress. */
export const employeesQuery = queryOptions({
  queryKey: EMPLOYEES_KEY,
  queryFn: apiQuery('/list-employees'),
});

export const useEmployees = () => useQuery(employeesQuery);
