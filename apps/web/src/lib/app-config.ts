import type { AppConfig } from '@castellan/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from './http';

export const appConfigQuery = queryOptions({
  queryKey: ['app-config'],
  queryFn: () => http.get('app-config').json<AppConfig>(),
  staleTime: Number.POSITIVE_INFINITY,
});

export const useAppConfig = () => useQuery(appConfigQuery);
