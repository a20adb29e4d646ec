import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakeMicrosoft,
  startFakeMicrosoft,
} from '../../../../test/fakes/microsoft/fake-microsoft';
import { fakeGraphSession } from '../../../../test/fakes/microsoft/graph-session';
import type { TenantOptions } from '../../../../test/fakes/microsoft/tenant';
import { readTenant } from '.';

const D = 'tidewater.test';
const DAY = 86_400_000;
const now = new Date();
const ago = (days: number) => new Date(now.getTime() - days * DAY);

const TENANT: TenantOptions = {
  domain: D,
  now,
  users: [
    { email: `olivia.parker@${D}`, isAdmin: true, mfaRegistered: true },
    { email: `liam.brooks@${D}`, mfaRegistered: true, mailbox: false },
    { email: `maya.chen@${D}`, mfaRegistered: false },
    { email: `omar.haddad@${D}`, mfaRegistered: true, lastSignIn: ago(150) },
    { email: `new.starter@${D}`, lastSignIn: null, created: ago(3) },
    { email: `never.seen@${D}`, lastSignIn: null, created: ago(40) },
    { email: `gone.away@${D}`, accountEnabled: false, lastSignIn: ago(300) },
    { email: `partner@elsewhere.test`, userType: 'Guest', lastSignIn: ago(200) },
    { email: `it-admin@${D}`, displayName: 'IT Admin', isAdmin: true, mfaRegistered: true },
  ],
  adminApps: ['Provisioning robot'],
  signInFailures: [
    { email: `maya.chen@${D}`, time: ago(2) },
    { email: `maya.chen@${D}`, time: ago(20), errorCode: 50053 },
    { email: `omar.haddad@${D}`, time: ago(45) },
  ],
};
const MEMBERS = new Set([`Olivia.Parker@${D}`, `liam.brooks@${D}`, `maya.chen@${D}`, `left@${D}`]);

let microsoft: FakeMicrosoft;
beforeAll(async () => {
  microsoft = await startFakeMicrosoft({ tenant: TENANT });
});
afterAll(() => microsoft.close());
beforeEach(() => microsoft.reset());

const read = () =>
  readTenant(fakeGraphSession(microsoft, `olivia.parker@${D}`), { memberEmails: MEMBERS, now });

describe('readTenant', () => {
  it('gives the facts of a small tenant with P1', async () => {
    const facts = await read();
    expect(facts).toEqual({
      tenantId: microsoft.tenant().id,
      verifiedDomains: [`${microsoft.tenant().displayName.toLowerCase()}.onmicrosoft.com`, D],
      userCount: 7,
      memberMfa: {
        [`olivia.parker@${D}`]: { registered: true, capable: true },
        [`liam.brooks@${D}`]: { registered: true, capable: true },
        [`maya.chen@${D}`]: { registered: false, capable: false },
      },
      mailboxes: [`maya.chen@${D}`, `olivia.parker@${D}`],
      // Every enabled member user, members of the organisation or not.
      directory: [
        `it-admin@${D}`,
        `liam.brooks@${D}`,
        `maya.chen@${D}`,
        `never.seen@${D}`,
        `new.starter@${D}`,
        `olivia.parker@${D}`,
        `omar.haddad@${D}`,
      ],
      securityDefaultsEnabled: false,
      conditionalAccessRequiresMfa: false,
      globalAdmins: [
        { email: `it-admin@${D}`, displayName: 'IT Admin' },
        { email: `olivia.parker@${D}`, displayName: 'Olivia Parker' },
      ],
      staleUsers: [
        {
          firstName: 'Never',
          lastName: 'Seen',
          fullName: 'Never Seen',
          email: `never.seen@${D}`,
          lastLoginTime: null,
        },
        {
          firstName: 'Omar',
          lastName: 'Haddad',
          fullName: 'Omar Haddad',
          email: `omar.haddad@${D}`,
          lastLoginTime: ago(150).toISOString(),
        },
      ],
      failedLogins30d: 2,
      needsP1: [],
      plan: {
        products: ['Microsoft 365 Business Premium'],
        entraP1: true,
        entraP2: false,
        intune: true,
      },
      devices: { devices: [], listed: 0 },
    });
  });

  it('asks Graph for exactly what it reads', async () => {
    await read();
    const byPath = new Map(
      microsoft.requests().map((r) => [`${r.path} ${r.query.$top ?? ''}`, r.query]),
    );
    expect(byPath.get('/v1.0/users 999')?.$select).toBe(
      'id,displayName,givenName,surname,mail,userPrincipalName,accountEnabled,userType,createdDateTime,assignedPlans',
    );
    expect(byPath.get('/v1.0/users 120')?.$select).toContain('signInActivity');
    const signIns = byPath.get('/v1.0/auditLogs/signIns 1000');
    expect(signIns?.$filter).toBe(
      `status/errorCode ne 0 and createdDateTime ge ${ago(30).toISOString()}`,
    );
    expect(microsoft.requests().every((r) => r.status === 200)).toBe(true);
  });

  it('sees an enforced Conditional Access MFA policy and security defaults', async () => {
    microsoft.reset({ ...TENANT, conditionalAccessMfa: true, securityDefaults: true });
    const facts = await read();
    expect(facts.conditionalAccessRequiresMfa).toBe(true);
    expect(facts.securityDefaultsEnabled).toBe(true);
  });

  it('reads the rest of a tenant without P1 and says which checks need it', async () => {
    microsoft.setPremium(false);
    const facts = await read();
    expect(facts).toMatchObject({
      userCount: 7,
      memberMfa: null,
      conditionalAccessRequiresMfa: null,
      staleUsers: null,
      failedLogins30d: null,
      needsP1: ['mfa-registration', 'conditional-access', 'sign-in-activity', 'sign-ins'],
      securityDefaultsEnabled: false,
      mailboxes: [`maya.chen@${D}`, `olivia.parker@${D}`],
      // Its subscriptions say why: Business Standard has no Entra ID P1.
      plan: { products: ['Microsoft 365 Business Standard'], entraP1: false, intune: false },
    });
    expect(facts.globalAdmins).toHaveLength(2);
  });

  it('counts every page of a large tenant', async () => {
    microsoft.reset({ ...TENANT, userCount: 2100, seed: 9 });
    const facts = await read();
    const t = microsoft.tenant();
    const enabledMembers = t.users.filter((u) => u.accountEnabled && u.userType === 'Member');
    expect(facts.userCount).toBe(enabledMembers.length);
    const pages = microsoft.requests().filter((r) => r.path === '/v1.0/users');
    expect(pages.filter((r) => r.query.$top === '999')).toHaveLength(3);
    expect(pages.filter((r) => r.query.$top === '120')).toHaveLength(
      Math.ceil(t.users.length / 120),
    );
  });

  it('fails as a whole on any other error, such as a revoked permission', async () => {
    microsoft.revokeScope('Policy.Read.All');
    await expect(read()).rejects.toMatchObject({
      name: 'MicrosoftApiError',
      kind: 'permission_missing',
      code: 'Authorization_RequestDenied',
    });
  });
});
