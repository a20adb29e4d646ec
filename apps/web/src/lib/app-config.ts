import type { AppConfig } from '@castellan/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';

export const appConfigQuery = queryOptions({
  queryKey: ['app-config'],
  queryFn: async ({ client, queryKey, signal }): Promise<AppConfig> => {
    const config =
      (await api('GET', '/app-config', { signal })) ?? client.getQueryData<AppConfig>(queryKey);
    // The app cannot guess its settings: without them (a 429 on the first load) the query fails
    // quietly and is fetched again when next used.
    if (!config) throw new Error('The server is busy; the app settings are not loaded yet.');
    return config;
  },
  staleTime: Number.POSITIVE_INFINITY,
});

export const useAppConfig = () => useQuery(appConfigQuery);
