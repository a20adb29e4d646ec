import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../lib/api';

/** The attack graph (administrators only: members must not ask for it). */
export const attackGraphQuery = queryOptions({
  queryKey: ['risk-analysis', 'attack-graph'],
  queryFn: apiQuery('/risk-analysis/attack-graph'),
});

export const useAttackGraph = () => useQuery(attackGraphQuery);
