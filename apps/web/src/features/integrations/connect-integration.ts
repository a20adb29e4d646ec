import type { IntegrationId } from '@castellan/contract';
import { useQueryClient } from '@tanstack/react-query';
import { oauthFlow } from '../../lib/oauth-flow';
import { showToast } from '../../lib/toast';
import { integrationsQuery } from './api';
import { connectOutcomeToast } from './connect-flags';
import { CONNECT_PATHS } from './integration-display';
import { openMetaPopup, POPUP_BLOCKED } from './meta-popup';

/** Leaves for the provider to connect (or reconnect) an integration; it comes back here. */
export function connectIntegration(id: IntegrationId): void {
  const path = CONNECT_PATHS[id];
  if (!path) return;
  oauthFlow.start(id, '/integrations');
  window.location.assign(path);
}

/**
 * Connects an integration the way its provider works: Google Workspace and Microsoft 365 leave the
 * page and come back; Meta signs in in a popup, after which the statuses are fetched again and
 * the outcome is told (spec §4: success if meta is connected).
 */
export function useConnect(): (id: IntegrationId) => void {
  const queryClient = useQueryClient();
  return (id) => {
    if (id !== 'meta') {
      connectIntegration(id);
      return;
    }
    try {
      openMetaPopup(() => {
        const { queryKey, queryFn } = integrationsQuery;
        void queryClient.fetchQuery({ queryKey, queryFn, staleTime: 0 }).then(
          (integrations) => {
            if (integrations?.meta) showToast(connectOutcomeToast(integrations.meta));
          },
          (error: Error) =>
            showToast({
              severity: 'error',
              summary: 'Could not check the connection',
              detail: error.message,
            }),
        );
      });
    } catch {
      showToast({
        severity: 'error',
        summary: POPUP_BLOCKED,
        detail: 'Allow pop-ups for this site in your browser, then choose Connect again.',
        life: 10_000,
      });
    }
  };
}
