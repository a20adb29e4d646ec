import type { IntegrationId } from '@castellan/contract';
import { isProviderId } from '@castellan/contract/providers';
import { WEB_PROVIDERS } from './providers';

/** What an administrator must do when the grant lacks admin permissions. */
export const missingPermissionsText = (id: IntegrationId, name: string): string =>
  isProviderId(id)
    ? WEB_PROVIDERS[id].missingPermissions
    : `Castellan needs admin permissions it did not get from ${name}. Reconnect with an administrator account and allow every permission requested.`;
