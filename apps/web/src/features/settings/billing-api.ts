import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../lib/api';

/** Whether billing is set up on this server, and the subscription status Stripe last reported. */
export const billingQuery = queryOptions({
  queryKey: ['billing'],
  queryFn: apiQuery('/billing'),
});

export const useBilling = (enabled: boolean) => useQuery({ ...billingQuery, enabled });

/** The organisation's plan, seats, status and next invoice, read from Stripe by the server. */
export const billingSummaryQuery = queryOptions({
  queryKey: ['billing', 'summary'],
  queryFn: apiQuery('/billing/summary'),
});

export const useBillingSummary = (enabled: boolean) =>
  useQuery({ ...billingSummaryQuery, enabled });
