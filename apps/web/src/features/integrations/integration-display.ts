import type { Integration, IntegrationStatus } from '@castellan/contract';
import { isProviderId } from '@castellan/contract/providers';

export const STATUS_LABELS: Record<IntegrationStatus, string> = {
  connected: 'Connected',
  available: 'Not connected',
  invalid_token: 'Token expired or revoked',
  permission_missing: 'Permissions missing',
  coming_soon: 'Coming soon',
};

export const STATUS_COLORS: Record<IntegrationStatus, string> = {
  connected: 'green',
  available: 'gray',
  invalid_token: 'red',
  permission_missing: 'orange',
  coming_soon: 'gray',
};

/** What an administrator can do with an integration in its present state. */
export type IntegrationAction = 'connect' | 'reconnect' | 'sync' | 'disconnect';

/** The admin actions a card offers, in the order they are shown. */
export function actionsFor(integration: Pick<Integration, 'status'>): IntegrationAction[] {
  switch (integration.status) {
    case 'available':
      return ['connect'];
    case 'connected':
      return ['sync', 'disconnect'];
    case 'invalid_token':
    case 'permission_missing':
      return ['reconnect', 'disconnect'];
    case 'coming_soon':
      return [];
  }
}

/**
 * Why Connect (or Reconnect) cannot be used on this server, or null when it can: the server's
 * own reason first, then a flow this web app does not have yet (not one of the providers).
 */
export function connectBlockedReason(integration: Pick<Integration, 'id' | 'unavailableReason'>) {
  if (integration.unavailableReason) return integration.unavailableReason;
  if (!isProviderId(integration.id)) return 'This integration cannot be connected from here yet.';
  return null;
}

/** Whether a sync is waiting or under way, so the page keeps asking how it goes. */
export { isSyncing } from '../../lib/integrations-query';

export const SYNC_LABELS = { queued: 'Sync queued', running: 'Syncing…' } as const;

/** What went wrong when the grant no longer works. */
export const invalidTokenText = (name: string) =>
  `The access ${name} gave Castellan was revoked or has expired, so its checks have stopped. Reconnect to start them again.`;

/** The cards as the page shows them: what can be used first, what is coming soon apart, last. */
export const splitComingSoon = (integrations: Integration[]) => ({
  usable: integrations.filter((i) => i.status !== 'coming_soon'),
  comingSoon: integrations.filter((i) => i.status === 'coming_soon'),
});

/** The recommended number of an office suite's super administrators. */
export const SUPER_ADMIN_RANGE = { min: 2, max: 4 } as const;

/** Advice on the number of super administrators, or null when it is in the recommended range. */
export function superAdminWarning(count: number): string | null {
  if (count < SUPER_ADMIN_RANGE.min) {
    return count === 0
      ? 'No super administrator was found. Someone must be able to manage the organisation and recover accounts.'
      : 'With only one super administrator, nobody can step in if that account is lost or locked out.';
  }
  if (count > SUPER_ADMIN_RANGE.max) {
    return 'Every super administrator account is a way in for an attacker. Give the others a narrower admin role.';
  }
  return null;
}

/** What the last sync read and how many of its checks passed and failed, in a sentence. */
export const lastSyncText = (lastSync: NonNullable<Integration['lastSync']>) =>
  `Last sync: ${lastSync.usersRead} ${lastSync.usersRead === 1 ? 'user' : 'users'} read, ${lastSync.checksPassed} ${lastSync.checksPassed === 1 ? 'check' : 'checks'} passed, ${lastSync.checksFailed} failed.`;
