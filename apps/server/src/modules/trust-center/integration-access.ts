import { type IntegrationAccess, isProviderId, requestedScopes } from '@castellan/contract';
import { INTEGRATIONS } from '../integrations/catalog';
import { ADAPTERS } from '../integrations/providers';

/**
 * The integrations one can connect, in the integrations page's order, with their access: what
 * each adapter says it reads, and the scopes of the provider list, which the connect flows ask for.
 */
export const INTEGRATION_ACCESS: readonly IntegrationAccess[] = INTEGRATIONS.flatMap(
  ({ id, name, comingSoon }) => {
    if (comingSoon || !isProviderId(id)) return [];
    return [{ id, name, scopes: [...requestedScopes(id)], ...ADAPTERS[id].access }];
  },
);
