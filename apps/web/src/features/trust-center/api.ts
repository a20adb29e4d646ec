import type { OrganizationTrustPage } from '@castellan/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, apiQuery } from '../../lib/api';
import { httpStatus } from '../../lib/http';

/** Castellan's own trust page: contact, subprocessors, integrations' access, live grade. */
export const trustCenterQuery = queryOptions({
  queryKey: ['trust-center'],
  queryFn: apiQuery('/trust-center'),
});

export const useTrustCenter = () => useQuery(trustCenterQuery);

/**
 * An organisation's published trust page; 'none' when there is none to show (the server's one
 * 404 for unknown and unpublished domains alike), null when the server was too busy to answer.
 */
export const organizationTrustPageQuery = (domain: string) =>
  queryOptions({
    queryKey: ['trust-center', 'organization', domain],
    queryFn: async ({ signal }): Promise<OrganizationTrustPage | 'none' | null> => {
      try {
        return (await api('GET', '/trust-center/:domain', { params: { domain }, signal })) ?? null;
      } catch (error) {
        if (httpStatus(error) === 404) return 'none';
        throw error;
      }
    },
  });

export const useOrganizationTrustPage = (domain: string) =>
  useQuery(organizationTrustPageQuery(domain));
