import type { Integration, IntegrationsResponse } from '@castellan/contract';
import type { ToastMessage } from '../../lib/toast';
import { invalidTokenText, missingPermissionsText } from './integration-display';

/** Set by the Google connect callback when the grant lacks admin permissions (spec §2). */
export const PERMISSIONS_FLAG = 'googleWorkspacePermissionsRequired';

/**
 * Whether the address may carry a connect callback's `<id>=true` flag. Which names are ids is
 * only known from the statuses, so this only says whether they are worth fetching again.
 */
export const mayHaveConnectFlag = (search: URLSearchParams) =>
  [...search.entries()].some(([name, value]) => value === 'true' && name !== PERMISSIONS_FLAG);

/** The integrations the address says a connect flow has just come back from. */
export const returnedFrom = (search: URLSearchParams, integrations: IntegrationsResponse) =>
  Object.values(integrations).filter(
    (integration): integration is Integration => search.get(integration.id) === 'true',
  );

/** The address's query without the given flags. */
export function withoutFlags(search: URLSearchParams, names: readonly string[]): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const name of names) next.delete(name);
  return next;
}

/** Spec §4: a connect flow succeeded if the integration is now connected. */
export function connectOutcomeToast(integration: Integration): ToastMessage {
  switch (integration.status) {
    case 'connected':
      return {
        severity: 'success',
        summary: `${integration.name} connected`,
        detail: 'Its security checks run now; what they find shows here and on your tasks.',
      };
    case 'permission_missing':
      return {
        severity: 'error',
        summary: `${integration.name} was not connected`,
        detail: missingPermissionsText(integration.id, integration.name),
        life: 10_000,
      };
    case 'invalid_token':
      return {
        severity: 'error',
        summary: `${integration.name} was not connected`,
        detail: invalidTokenText(integration.name),
        life: 10_000,
      };
    case 'available':
    case 'coming_soon':
      return {
        severity: 'error',
        summary: `${integration.name} was not connected`,
        detail: 'The connection was cancelled or did not finish. Please try again.',
        life: 10_000,
      };
  }
}
