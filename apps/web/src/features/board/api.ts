import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../lib/api';

/** The three biggest open risks in money, from the breach-cost model (administrators). */
export const boardRisksQuery = queryOptions({
  queryKey: ['board', 'risks'],
  queryFn: apiQuery('/board/risks'),
});

export const useBoardRisks = () => useQuery(boardRisksQuery);
