import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../lib/api';

/** Whether billing is set up on this server, and the organisation's subscription status. */
export const billingQuery = queryOptions({
  queryKey: ['billing'],
  queryFn: apiQuery('/billing'),
});

export const useBilling = (enabled: boolean) => useQuery({ ...billingQuery, enabled });
