import type { Integration, IntegrationsResponse } from '@castellan/contract';
import { describe, expect, it } from 'vitest';
import {
  connectOutcomeToast,
  mayHaveConnectFlag,
  refusalOf,
  returnedFrom,
  withoutFlags,
} from './connect-flags';
import {
  actionsFor,
  connectBlockedReason,
  isSyncing,
  lastSyncText,
  splitComingSoon,
  superAdminWarning,
} from './integration-display';

/** Set by the Google Workspace connect callback when the grant lacks admin permissions. */
const PERMISSIONS_FLAG = 'googleWorkspacePermissionsRequired';

function integration(id: Integration['id'], patch: Partial<Integration> = {}): Integration {
  return {
    id,
    name: id,
    logo: `/integrations/${id}.svg`,
    description: '',
    securityChecks: [],
    status: 'available',
    lastScan: null,
    connectedSince: null,
    unavailableReason: null,
    sync: { state: 'idle', error: null },
    lastSync: null,
    notInCastellan: null,
    ...patch,
  };
}

describe('integration cards', () => {
  it('offers each state its actions', () => {
    expect(actionsFor({ status: 'available' })).toEqual(['connect']);
    expect(actionsFor({ status: 'connected' })).toEqual(['sync', 'disconnect']);
    expect(actionsFor({ status: 'invalid_token' })).toEqual(['reconnect', 'disconnect']);
    expect(actionsFor({ status: 'permission_missing' })).toEqual(['reconnect', 'disconnect']);
    expect(actionsFor({ status: 'coming_soon' })).toEqual([]);
  });

  it('blocks Connect with the server’s reason, or when no flow exists here yet', () => {
    expect(connectBlockedReason(integration('gws'))).toBeNull();
    expect(
      connectBlockedReason(integration('gws', { unavailableReason: 'Google is not set up.' })),
    ).toBe('Google is not set up.');
    expect(connectBlockedReason(integration('azure'))).toMatch(/cannot be connected/);
    expect(connectBlockedReason(integration('aws'))).toBeNull();
    expect(connectBlockedReason(integration('meta'))).toBeNull();
  });

  it('sets coming-soon cards apart, keeping the server’s order otherwise', () => {
    const list = [
      integration('aws', { status: 'coming_soon' }),
      integration('gws', { status: 'connected' }),
      integration('notion', { status: 'coming_soon' }),
      integration('m365'),
    ];
    const { usable, comingSoon } = splitComingSoon(list);
    expect(usable.map((i) => i.id)).toEqual(['gws', 'm365']);
    expect(comingSoon.map((i) => i.id)).toEqual(['aws', 'notion']);
  });

  it('polls while a sync is queued or running', () => {
    expect(isSyncing({ sync: { state: 'queued', error: null } })).toBe(true);
    expect(isSyncing({ sync: { state: 'running', error: null } })).toBe(true);
    expect(isSyncing({ sync: { state: 'failed', error: 'x' } })).toBe(false);
    expect(isSyncing({ sync: { state: 'idle', error: null } })).toBe(false);
  });

  it('recommends 2 to 4 super administrators', () => {
    expect(superAdminWarning(0)).toMatch(/No super administrator/);
    expect(superAdminWarning(1)).toMatch(/only one/);
    expect(superAdminWarning(2)).toBeNull();
    expect(superAdminWarning(4)).toBeNull();
    expect(superAdminWarning(5)).toMatch(/narrower admin role/);
  });
});

describe('coming back from a connect flow', () => {
  const statuses = {
    gws: integration('gws', { name: 'Google Workspace', status: 'connected' }),
    m365: integration('m365', { name: 'Microsoft 365' }),
  } as IntegrationsResponse;

  it('knows a flag may be there before the ids are known', () => {
    expect(mayHaveConnectFlag(new URLSearchParams('gws=true'))).toBe(true);
    expect(mayHaveConnectFlag(new URLSearchParams(`${PERMISSIONS_FLAG}=true`))).toBe(false);
    expect(mayHaveConnectFlag(new URLSearchParams('gws=false&x=1'))).toBe(false);
  });

  it('finds the integrations named by the address, and removes only their flags', () => {
    const search = new URLSearchParams('gws=true&other=true&tab=1');
    expect(returnedFrom(search, statuses).map((i) => i.id)).toEqual(['gws']);
    expect(withoutFlags(search, ['gws']).toString()).toBe('other=true&tab=1');
    expect(search.get('gws')).toBe('true');
  });

  it('tells the refusals the providers declare, and nothing for an unknown flag', () => {
    expect(refusalOf('m365-tenant')?.title).toBe('Microsoft 365 was not connected');
    expect(refusalOf('gws-state')?.text).toMatch(/^The answer from Google did not belong/);
    expect(refusalOf('constructor')).toBeUndefined();
    expect(refusalOf(null)).toBeUndefined();
  });

  it('says success when connected, and why not otherwise', () => {
    expect(connectOutcomeToast(statuses.gws)).toMatchObject({
      severity: 'success',
      summary: 'Google Workspace connected',
    });
    expect(connectOutcomeToast(statuses.m365)).toMatchObject({
      severity: 'error',
      summary: 'Microsoft 365 was not connected',
    });
    const missing = connectOutcomeToast({ ...statuses.gws, status: 'permission_missing' });
    expect(missing.detail).toMatch(/super administrator/);
    expect(missing.detail).toMatch(/read-only access to users, reports and policies/);
  });
});

describe('the last sync’s counts', () => {
  it('read as one sentence', () => {
    expect(lastSyncText({ usersRead: 25, checksPassed: 4, checksFailed: 1 })).toBe(
      'Last sync: 25 users read, 4 checks passed, 1 failed.',
    );
    expect(lastSyncText({ usersRead: 1, checksPassed: 1, checksFailed: 0 })).toBe(
      'Last sync: 1 user read, 1 check passed, 0 failed.',
    );
  });
});
