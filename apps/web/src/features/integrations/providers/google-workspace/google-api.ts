import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../../lib/api';
import { INTEGRATIONS_KEY } from '../../api';

/** What the last Google Workspace sync found; refreshed together when a sync ends. */
export const GOOGLE_KEY = [...INTEGRATIONS_KEY, 'gws'] as const;

const staleUsersQuery = queryOptions({
  queryKey: [...GOOGLE_KEY, 'stale-users'],
  queryFn: apiQuery('/integrations/google-workspace/stale-users'),
});

const superAdminCountQuery = queryOptions({
  queryKey: [...GOOGLE_KEY, 'super-admin-count'],
  queryFn: apiQuery('/integrations/google-workspace/super-admin-count'),
});

export const externalSharesQuery = queryOptions({
  queryKey: [...GOOGLE_KEY, 'external-shares'],
  queryFn: apiQuery('/integrations/google-workspace/external-shares'),
});

// These answer 409 while Google Workspace is not connected: only asked for once it is.
export const useStaleUsers = () => useQuery(staleUsersQuery);
export const useSuperAdminCount = () => useQuery(superAdminCountQuery);
export const useExternalShares = () => useQuery(externalSharesQuery);
