import type { Integration, IntegrationsResponse } from '@castellan/contract';
import { type QueryFunction, queryOptions } from '@tanstack/react-query';
import { apiQuery } from './api';
import { INTEGRATIONS_KEY } from './query-keys';

// The integrations' statuses, which the Integrations page, the set-up offers and the task view
// (a plan's limits) all read: here, so that no page loads the Integrations page's code for them.

/** While a sync is queued or running, the statuses are asked for again this often. */
export const SYNC_POLL_MS = 2000;

export const isSyncing = (integration: Pick<Integration, 'sync'>) =>
  integration.sync.state === 'queued' || integration.sync.state === 'running';

// Named with its type: the polling rule below reads the answer, which TypeScript cannot infer
// from the same object.
const fetchIntegrations: QueryFunction<IntegrationsResponse | null> = apiQuery('/integrations');

const whileSyncing = (data: IntegrationsResponse | null | undefined) =>
  Object.values(data ?? {}).some(isSyncing) ? SYNC_POLL_MS : false;

/** Every integration with its status (spec §7 GET integrations). */
export const integrationsQuery = queryOptions({
  queryKey: [...INTEGRATIONS_KEY, 'list'],
  queryFn: fetchIntegrations,
  refetchInterval: (query) => whileSyncing(query.state.data),
});
