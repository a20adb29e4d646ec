import type { Organization, ScoreResponse } from '@castellan/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { sessionState } from '../../lib/session-state';

/** The cyber score status: score, grade, trend, and the user's and team's progress. */
export const scoreQuery = queryOptions({
  queryKey: ['score'],
  queryFn: () => http.get('get-score').json<ScoreResponse>(),
});

export const useScore = () => useQuery(scoreQuery);

/** The organisation with its metrics and risk analysis; kept in the session state (spec §9). */
export const organizationQuery = queryOptions({
  queryKey: ['organization'],
  queryFn: async () => {
    const organization = await http.get('organization').json<Organization>();
    sessionState.update({ organization });
    return organization;
  },
});

export const useOrganization = () => useQuery(organizationQuery);
