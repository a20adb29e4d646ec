import type { IntegrationId } from '@castellan/contract';
import { type ConnectKind, isProviderId, PROVIDERS } from '@castellan/contract/providers';
import { useQueryClient } from '@tanstack/react-query';
import { oauthFlow } from '../../lib/oauth-flow';
import { showToast } from '../../lib/toast';
import { integrationsQuery } from './api';
import { connectOutcomeToast } from './connect-flags';
import { openConnectPopup, POPUP_BLOCKED } from './connect-popup';

/** Whether a provider is connected with a pasted key (a form) rather than a consent flow. */
export function connectsWithKey(id: IntegrationId): boolean {
  return isProviderId(id) && (PROVIDERS[id].connect as ConnectKind).opens === 'form';
}

/**
 * Connects (or reconnects) an integration the way its provider declares (`connect` in the contract's list):
 * by leaving the page for the provider and coming back here, or in a popup over the page, after
 * which the statuses are fetched again and the outcome is told (spec §4: success if connected).
 */
export function useConnect(): (id: IntegrationId) => void {
  const queryClient = useQueryClient();
  return (id) => {
    if (!isProviderId(id)) return;
    const connect: ConnectKind = PROVIDERS[id].connect;
    // A key-connect provider's form is opened by its card (IntegrationActions).
    if (connect.opens === 'form') return;
    const { start, opens } = connect;
    const path = `/api${start}`;
    if (opens === 'redirect') {
      oauthFlow.start(id, '/integrations');
      window.location.assign(path);
      return;
    }
    try {
      openConnectPopup(id, path, () => {
        const { queryKey, queryFn } = integrationsQuery;
        void queryClient.fetchQuery({ queryKey, queryFn, staleTime: 0 }).then(
          (integrations) => {
            const integration = integrations?.[id];
            if (integration) showToast(connectOutcomeToast(integration));
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
