import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../lib/api';
import { FRAMEWORKS_KEY } from '../../lib/query-keys';
import { useUserData } from '../../lib/user-data';

/** The organisation's share of each framework, missing safeguards first (administrators). */
export const frameworksQuery = queryOptions({
  queryKey: FRAMEWORKS_KEY,
  queryFn: apiQuery('/frameworks'),
});

/** Asked for administrators only: the server refuses members (403). */
export function useFrameworks() {
  const { data: user } = useUserData();
  return useQuery({ ...frameworksQuery, enabled: user?.role === 'admin' });
}
