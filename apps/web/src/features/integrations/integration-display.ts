import type { Integration, IntegrationId, IntegrationStatus } from '@castellan/contract';

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

/**
 * The browser leaves for the provider at these server paths (spec §7) to connect; the server sends
 * it back to /integrations?<id>=true. Meta's opens in a popup instead (meta-popup.ts).
 */
export const CONNECT_PATHS: Partial<Record<IntegrationId, string>> = {
  gws: '/api/google/integrate',
  m365: '/api/microsoft/integration',
  meta: '/api/facebook/auth',
};

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
 * own reason first, then a flow this web app does not have yet.
 */
export function connectBlockedReason(integration: Pick<Integration, 'id' | 'unavailableReason'>) {
  if (integration.unavailableReason) return integration.unavailableReason;
  if (!CONNECT_PATHS[integration.id]) return 'This integration cannot be connected from here yet.';
  return null;
}

/** Whether a sync is waiting or under way, so the page keeps asking how it goes. */
export const isSyncing = (integration: Pick<Integration, 'sync'>) =>
  integration.sync.state === 'queued' || integration.sync.state === 'running';

export const SYNC_LABELS = { queued: 'Sync queued', running: 'Syncing…' } as const;

/** The Google Workspace admin permissions Castellan asks for, said once for the card and panel. */
export const GOOGLE_PERMISSIONS = 'read-only access to users, reports and policies';

/** What an administrator must do when the grant lacks admin permissions. */
export function missingPermissionsText(id: IntegrationId, name: string): string {
  if (id === 'gws') {
    return `Castellan needs admin permissions it did not get. Reconnect and sign in with a super administrator account, then allow every permission requested: ${GOOGLE_PERMISSIONS}.`;
  }
  if (id === 'm365') {
    return 'Castellan needs read-only permissions it did not get. Reconnect, sign in with a Global Administrator and tick "Consent on behalf of your organization" before accepting.';
  }
  if (id === 'meta') {
    return 'Castellan needs the business management permission to see your business accounts. Reconnect and keep that permission ticked.';
  }
  return `Castellan needs admin permissions it did not get from ${name}. Reconnect with an administrator account and allow every permission requested.`;
}

/** What went wrong when the grant no longer works. */
export const invalidTokenText = (name: string) =>
  `The access ${name} gave Castellan was revoked or has expired, so its checks have stopped. Reconnect to start them again.`;

/** The cards in the order shown: what can be used first, then what is coming soon. */
export const orderedIntegrations = (integrations: Integration[]): Integration[] => [
  ...integrations.filter((i) => i.status !== 'coming_soon'),
  ...integrations.filter((i) => i.status === 'coming_soon'),
];

/** The recommended number of Google Workspace super administrators. */
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

/** Why a connect callback was refused (its `refused` flag): the alert's title and text. */
export const REFUSALS: Record<string, { title: string; text: string }> = {
  'm365-tenant': {
    title: 'Microsoft 365 was not connected',
    text: 'That Microsoft 365 tenant is not the one your organisation signs in with. Sign in with an administrator of your own tenant and connect again.',
  },
  'm365-domain': {
    title: 'Microsoft 365 was not connected',
    text: 'That Microsoft 365 tenant has not verified your organisation’s domain, so Castellan cannot tell it is yours. Verify the domain in the Microsoft 365 admin center (Settings → Domains), or connect with your organisation’s own tenant.',
  },
  'gws-state': {
    title: 'Google Workspace was not connected',
    text: 'The answer from Google did not belong to a connection started in this window by you (it may have taken more than ten minutes, or been started in another browser or session). Nothing was changed: connect again from here.',
  },
  'm365-state': {
    title: 'Microsoft 365 was not connected',
    text: 'The answer from Microsoft did not belong to a connection started in this window by you (it may have taken more than ten minutes, or been started in another browser or session). Nothing was changed: connect again from here.',
  },
};

/** What the last sync read and how its checks came out, in a sentence. */
export const lastSyncText = (lastSync: NonNullable<Integration['lastSync']>) =>
  `Last sync: ${lastSync.usersRead} ${lastSync.usersRead === 1 ? 'user' : 'users'} read, ${lastSync.checksPassed} ${lastSync.checksPassed === 1 ? 'check' : 'checks'} passed, ${lastSync.checksFailed} failed.`;
