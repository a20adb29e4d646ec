import type { EmployeesResponse } from '@castellan/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';

/** Every member with their task progress (admins only). */
export const employeesQuery = queryOptions({
  queryKey: ['employees'],
  queryFn: () => http.get('list-employees').json<EmployeesResponse>(),
});

export const useEmployees = (enabled: boolean) => useQuery({ ...employeesQuery, enabled });
