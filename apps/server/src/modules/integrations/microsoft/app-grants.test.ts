import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakeMicrosoft,
  startFakeMicrosoft,
} from '../../../../test/fakes/microsoft/fake-microsoft';
import { fakeGraphSession } from '../../../../test/fakes/microsoft/graph-session';
import type { TenantOptions } from '../../../../test/fakes/microsoft/tenant';
import { readAppGrants } from './app-grants';

const D = 'tidewater.test';
const ADMIN = `olivia.parker@${D}`;
/** More people than one page of grants holds (100). */
const PEOPLE = Array.from({ length: 130 }, (_, i) => `person${i}@${D}`);

const TENANT: TenantOptions = {
  domain: D,
  users: [{ email: ADMIN, isAdmin: true }, ...PEOPLE.map((email) => ({ email }))],
  apps: [
    {
      displayName: 'Acme CRM',
      appId: '11111111-1111-4111-a111-111111111111',
      publisherName: 'Acme Software',
      scope: 'openid profile User.Read Mail.Read',
      consent: { emails: PEOPLE },
    },
    {
      displayName: 'MeetSlot Scheduler',
      appId: '22222222-2222-4222-a222-222222222222',
      verifiedPublisher: 'MeetSlot Inc.',
      scope: 'User.Read Calendars.ReadWrite',
      consent: 'everyone',
    },
    {
      displayName: 'Tidewater Intranet',
      owner: 'tenant',
      scope: 'User.Read Files.Read.All',
      consent: 'everyone',
    },
    {
      displayName: 'Microsoft Graph Command Line Tools',
      owner: 'microsoft',
      scope: 'User.Read Mail.Read',
      consent: { emails: [ADMIN] },
    },
  ],
};

let microsoft: FakeMicrosoft;
beforeAll(async () => {
  microsoft = await startFakeMicrosoft({ tenant: TENANT });
});
afterAll(() => microsoft.close());
beforeEach(() => microsoft.reset());

const read = (scopes?: string[]) =>
  readAppGrants(
    fakeGraphSession(microsoft, ADMIN, scopes ? { scopes } : {}),
    microsoft.tenant().id,
  );
const spOf = (name: string) =>
  microsoft.tenant().servicePrincipals?.find((s) => s.displayName === name);

describe('readAppGrants', () => {
  it('adds up the grants per app, every page of them, and names each app', async () => {
    const apps = await read();
    expect(apps).toEqual({
      state: 'read',
      apps: [
        {
          clientId: '11111111-1111-4111-a111-111111111111',
          name: 'Acme CRM',
          publisher: { name: 'Acme Software', verified: false },
          scopes: ['Mail.Read', 'User.Read', 'openid', 'profile'],
          people: PEOPLE.length,
          everyone: false,
          objectId: spOf('Acme CRM')?.id,
        },
        {
          clientId: '22222222-2222-4222-a222-222222222222',
          name: 'MeetSlot Scheduler',
          publisher: { name: 'MeetSlot Inc.', verified: true },
          scopes: ['Calendars.ReadWrite', 'User.Read'],
          people: 0,
          everyone: true,
          objectId: spOf('MeetSlot Scheduler')?.id,
        },
      ],
    });
    const paths = microsoft.requests().map((r) => r.path);
    expect(paths.filter((p) => p === '/v1.0/oauth2PermissionGrants')).toHaveLength(2);
    // One look-up per app holding a grant, the tenant's own and Microsoft's included.
    expect(paths.filter((p) => p.startsWith('/v1.0/servicePrincipals/'))).toHaveLength(4);
  });

  it('leaves out a grant whose app is gone, and rides out a 429', async () => {
    const tenant = microsoft.tenant();
    const crm = spOf('Acme CRM');
    tenant.servicePrincipals = tenant.servicePrincipals?.filter((s) => s !== crm);
    const scheduler = spOf('MeetSlot Scheduler');
    microsoft.failNext(`/v1.0/servicePrincipals/${scheduler?.id}`, 429, {
      retryAfterSeconds: 0,
    });
    const apps = await read();
    expect(apps).toMatchObject({ state: 'read', apps: [{ name: 'MeetSlot Scheduler' }] });
  });

  it('is unknown without asking Microsoft when the grant lacks Directory.Read.All', async () => {
    expect(await read(['User.Read.All', 'Policy.Read.All'])).toEqual({
      state: 'unknown',
      reason: 'scope-missing',
    });
    expect(microsoft.requests().filter((r) => r.path.startsWith('/v1.0/'))).toEqual([]);
  });

  it('is unknown, not a failure, when Microsoft refuses (403)', async () => {
    const api = fakeGraphSession(microsoft, ADMIN);
    microsoft.revokeScope('Directory.Read.All');
    expect(await readAppGrants(api, microsoft.tenant().id)).toEqual({
      state: 'unknown',
      reason: 'refused',
    });
  });
});
