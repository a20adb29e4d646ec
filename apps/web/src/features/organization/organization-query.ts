import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiAnswer, api } from '../../lib/api';
import { sessionState } from '../../lib/session-state';

/** The organisation with its metrics and risk analysis; kept in the session state (spec §9). */
export const organizationQuery = queryOptions({
  queryKey: ['organization'],
  queryFn: async ({ client, queryKey, signal }) => {
    const organization = await api('GET', '/organization', { signal });
    if (!organization) {
      return client.getQueryData<ApiAnswer<'GET', '/organization'>>(queryKey) ?? null;
    }
    sessionState.update({ organization });
    return organization;
  },
});

export const useOrganization = () => useQuery(organizationQuery);
