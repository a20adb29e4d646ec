import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../../lib/api';
import { INTEGRATIONS_KEY } from '../../api';

/** What the last Microsoft 365 sync found; asked for only once it is connected (409 before). */
const microsoftSummaryQuery = queryOptions({
  queryKey: [...INTEGRATIONS_KEY, 'm365', 'summary'],
  queryFn: apiQuery('/integrations/microsoft-365/summary'),
});

export const useMicrosoftSummary = () => useQuery(microsoftSummaryQuery);
