import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../lib/api';

/** The cyber score status: score, grade, trend, and the user's and team's progress. */
export const scoreQuery = queryOptions({
  queryKey: ['score'],
  queryFn: apiQuery('/get-score'),
});

export const useScore = () => useQuery(scoreQuery);
