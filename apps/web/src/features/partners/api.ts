import type { InvitePartnerRequest, PartnerRole } from '@castellan/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiDelete, apiQuery, send } from '../../lib/api';
import { wasRateLimited } from '../../lib/create-http';

/** The partners this organisation invited, links to, or linked to (administrators). */
export const partnerLinksQuery = queryOptions({
  queryKey: ['partners', 'links'],
  queryFn: apiQuery('/partners'),
});

export const usePartnerLinks = () => useQuery(partnerLinksQuery);

/** The organisations this one looks after as their partner, and their invitations. */
export const partnerClientsQuery = queryOptions({
  queryKey: ['partners', 'clients'],
  queryFn: apiQuery('/partner/clients'),
});

export const usePartnerClients = () => useQuery(partnerClientsQuery);

/** Every linked client's figures and the biggest gaps across them. */
export const partnerOverviewQuery = queryOptions({
  queryKey: ['partners', 'overview'],
  queryFn: apiQuery('/partner/overview'),
});

export const usePartnerOverview = () => useQuery(partnerOverviewQuery);

/** Where the roll-up downloads as a CSV file (a plain link: the browser saves it). */
export const OVERVIEW_CSV_URL = '/api/partner/overview.csv';

/** A change to the partner links: the list is fetched again whatever the answer. */
function useLinksChange<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: partnerLinksQuery.queryKey }),
  });
}

/**
 * A change to the clients' list, seen from the partner's side. The roll-up is fetched again too,
 * not waited for: working out every client's figures takes longer than the list.
 */
function useClientsChange<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: partnerOverviewQuery.queryKey });
      return queryClient.invalidateQueries({ queryKey: partnerClientsQuery.queryKey });
    },
  });
}

export const useInvitePartner = () =>
  useLinksChange((body: InvitePartnerRequest) => api('POST', '/partners', { body }));

export const useChangePartnerRole = () =>
  useLinksChange(({ id, role }: { id: string; role: PartnerRole }) =>
    api('PUT', '/partners/:id', { params: { id }, body: { role } }),
  );

/** Ends an active link or withdraws an invitation; one a colleague ended already counts as done. */
export const useEndPartnerLink = () =>
  useLinksChange((id: string) => apiDelete('/partners/:id', { params: { id } }));

export const useAcceptInvitation = () =>
  useClientsChange((id: string) => api('POST', '/partner/clients/:id/accept', { params: { id } }));

/** Declines an invitation or stops looking after a client. */
export const useLeaveClient = () =>
  useClientsChange((id: string) => apiDelete('/partner/clients/:id', { params: { id } }));

/** Switches the session into a client; undefined when the server was too busy to (429). */
export const openClient = (id: string) =>
  api('POST', '/partner/clients/:id/open', { params: { id } });

/**
 * Switches the session back to the partner's own organisation. It answers 204 either way, so the
 * busy server (a 429 turned into an empty answer) is told apart by the response's mark.
 */
export async function closeClient(): Promise<'done' | 'busy'> {
  return wasRateLimited(await send('POST', '/partner/close')) ? 'busy' : 'done';
}
