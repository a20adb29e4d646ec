import type { NewPhishingCampaignRequest, PhishingOverview } from '@castellan/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiQuery } from '../../lib/api';

const PHISHING_KEY = ['phishing'] as const;

/** How often the overview is asked for again while a campaign's messages are still going out. */
export const SENDING_POLL_MS = 30_000;

const fetchOverview = apiQuery('/phishing');

const anySending = (overview: PhishingOverview | null | undefined) =>
  overview?.campaigns.some((c) => c.state === 'sending') ?? false;

/** The consent, the report address, the templates and the campaigns (administrators). */
export const phishingOverviewQuery = queryOptions({
  queryKey: [...PHISHING_KEY, 'overview'],
  queryFn: fetchOverview,
  refetchInterval: (query) => (anySending(query.state.data) ? SENDING_POLL_MS : false),
});

export const usePhishingOverview = () => useQuery(phishingOverviewQuery);

/** One campaign and what each of its people did with their message. */
export const phishingCampaignQuery = (id: string) =>
  queryOptions({
    queryKey: [...PHISHING_KEY, 'campaign', id],
    queryFn: apiQuery('/phishing/campaigns/:id', { params: { id } }),
  });

export const usePhishingCampaign = (id: string) => useQuery(phishingCampaignQuery(id));

/** Each member across every campaign, with their verdict. */
export const phishingPeopleQuery = queryOptions({
  queryKey: [...PHISHING_KEY, 'people'],
  queryFn: apiQuery('/phishing/people'),
});

export const usePhishingPeople = () => useQuery(phishingPeopleQuery);

/**
 * The organisation's members to choose recipients from: the Users page's own query (same key, so
 * the list is fetched once for both pages).
 */
export const membersQuery = queryOptions({
  queryKey: ['users'],
  queryFn: apiQuery('/users'),
});

export const useMembers = () => useQuery(membersQuery);

/** Records the administrator's consent; the answer is the overview with it. */
export function useConsentToPhishing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('POST', '/phishing/consent', { body: { confirm: true } }),
    onSuccess: (overview) => {
      if (overview) queryClient.setQueryData(phishingOverviewQuery.queryKey, overview);
    },
  });
}

/** Starts a campaign; the overview and the people are fetched again with it. */
export function useStartCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: NewPhishingCampaignRequest) =>
      (await api('POST', '/phishing/campaigns', { body }))?.campaign,
    onSuccess: (campaign) => {
      if (campaign) return queryClient.invalidateQueries({ queryKey: PHISHING_KEY });
    },
  });
}
