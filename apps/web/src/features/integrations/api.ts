import type { Integration, IntegrationId, IntegrationsResponse } from '@castellan/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiDelete } from '../../lib/api';
import { integrationsQuery } from '../../lib/integrations-query';
import { INTEGRATIONS_KEY } from '../../lib/query-keys';

export { integrationsQuery, SYNC_POLL_MS } from '../../lib/integrations-query';
export { INTEGRATIONS_KEY } from '../../lib/query-keys';

export const useIntegrations = () => useQuery(integrationsQuery);

/** Puts one integration's new state in the cached list. */
function useReplaceIntegration() {
  const queryClient = useQueryClient();
  return (next: Integration) =>
    queryClient.setQueryData<IntegrationsResponse | null>(integrationsQuery.queryKey, (data) =>
      data ? { ...data, [next.id]: next } : data,
    );
}

/**
 * Disconnects an integration (spec §4: its status becomes available at once), then fetches the
 * list and the findings again. A retry that finds it disconnected already counts as done.
 */
export function useDisconnectIntegration() {
  const queryClient = useQueryClient();
  const replace = useReplaceIntegration();
  return useMutation({
    mutationFn: (integration: Integration) =>
      apiDelete('/integrations/:id', { params: { id: integration.id } }),
    onSuccess: (outcome, integration) => {
      if (outcome === 'busy') return;
      replace({
        ...integration,
        status: 'available',
        lastScan: null,
        connectedSince: null,
        sync: { state: 'idle', error: null },
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: INTEGRATIONS_KEY }),
  });
}

/** Connects a provider with a pasted key; the list then shows it connected and syncing. */
export function useConnectWithKey() {
  const queryClient = useQueryClient();
  const replace = useReplaceIntegration();
  return useMutation({
    mutationFn: ({ id, credentials }: { id: IntegrationId; credentials: Record<string, string> }) =>
      api('POST', '/integrations/:id/connect', { params: { id }, body: { credentials } }),
    onSuccess: (answer) => {
      if (answer) replace(answer);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: INTEGRATIONS_KEY }),
  });
}

/** Queues a sync (202); the list then polls until it has finished. */
export function useSyncIntegration() {
  const replace = useReplaceIntegration();
  return useMutation({
    mutationFn: (id: IntegrationId) => api('POST', '/integrations/:id/sync', { params: { id } }),
    onSuccess: (answer) => {
      if (answer) replace(answer.integration);
    },
  });
}
