import type { IntegrationId } from '@castellan/contract';
import { oauthFlow } from '../../lib/oauth-flow';
import { CONNECT_PATHS } from './integration-display';

/** Leaves for the provider to connect (or reconnect) an integration; it comes back here. */
export function connectIntegration(id: IntegrationId): void {
  const path = CONNECT_PATHS[id];
  if (!path) return;
  oauthFlow.start(id, '/integrations');
  window.location.assign(path);
}
