import type { Integration, IntegrationsResponse } from '@castellan/contract';
import { PROVIDER_IDS } from '@castellan/contract/providers';
import type { ToastMessage } from '../../lib/toast';
import { invalidTokenText } from './integration-display';
import { missingPermissionsText } from './missing-permissions';
import { WEB_PROVIDERS } from './providers';
import type { Refusal } from './providers/web-provider';

/** The providers' notices, by the flag that shows each (see WebProvider.notice). */
export const NOTICES = PROVIDER_IDS.flatMap((id) => {
  const { notice } = WEB_PROVIDERS[id];
  return notice ? [{ id, ...notice }] : [];
});

/**
 * Whether the address may carry a connect callback's `<id>=true` flag. Which names are ids is
 * only known from the statuses, so this only says whether they are worth fetching again.
 */
export const mayHaveConnectFlag = (search: URLSearchParams) =>
  [...search.entries()].some(
    ([name, value]) => value === 'true' && !NOTICES.some((notice) => notice.flag === name),
  );

const REFUSALS: ReadonlyMap<string, Refusal> = new Map(
  PROVIDER_IDS.flatMap((id) => Object.entries(WEB_PROVIDERS[id].refusals ?? {})),
);

/** Why a connect callback was refused, from its `refused` flag; undefined when not known. */
export const refusalOf = (flag: string | null) => (flag === null ? undefined : REFUSALS.get(flag));

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
