import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeGoogle, startFakeGoogle } from '../../../../test/fakes/google/fake-google';
import { pacificDate, type WorkspaceOptions } from '../../../../test/fakes/google/world';
import { fakeGoogleSession } from '../../../../test/google-api-session';
import { type GoogleApiError, readWorkspace } from '.';

const DOMAIN = 'acme.test';
const ADMIN = `admin@${DOMAIN}`;
const DAY = 86_400_000;
const now = new Date();
const ago = (days: number) => new Date(now.getTime() - days * DAY);
const AUTH = 'https://www.googleapis.com/auth/';

let google: FakeGoogle;
beforeAll(async () => {
  google = await startFakeGoogle();
});
afterAll(() => google.close());
beforeEach(() => google.clearRequests());

/** A workspace with the admin, and nothing the test does not add (no Google defaults either). */
function world(options: Partial<WorkspaceOptions> = {}) {
  google.setWorld({
    domain: DOMAIN,
    now,
    systemDefaults: false,
    gmailSpam: {},
    ...options,
    users: [{ email: ADMIN, isAdmin: true, enrolledIn2Sv: true }, ...(options.users ?? [])],
  });
}

const read = (memberEmails: string[] = []) =>
  readWorkspace(fakeGoogleSession(google, ADMIN), {
    domain: DOMAIN,
    memberEmails: new Set(memberEmails),
    now,
  });

describe('readWorkspace: users', () => {
  it('counts active users, super admins and users without 2SV across every page', async () => {
    world({
      seed: 11,
      userCount: 1300,
      users: [
        { email: `suspended.admin@${DOMAIN}`, isAdmin: true, suspended: true },
        { email: `archived.admin@${DOMAIN}`, isAdmin: true, archived: true, enrolledIn2Sv: false },
      ],
    });
    const facts = await read();
    const active = google.world().users.filter((u) => !u.suspended && !u.archived);
    expect(facts.userCount).toBe(active.length);
    expect(facts.userCount).toBeLessThan(google.world().users.length);
    expect(facts.superAdminCount).toBe(active.filter((u) => u.isAdmin).length);
    expect(facts.usersWithout2Sv).toBe(active.filter((u) => !u.isEnrolledIn2Sv).length);
    const userPages = google.requests().filter((r) => r.path === '/admin/directory/v1/users');
    expect(userPages).toHaveLength(3);
    const apiCalls = google.requests().filter((r) => r.path !== '/token');
    expect(apiCalls.filter((r) => !r.query.fields)).toEqual([]);
  });

  it('gives the 2SV state of the members found in the workspace, by lower-case e-mail', async () => {
    world({
      users: [
        { email: `enforced@${DOMAIN}`, enrolledIn2Sv: true, enforcedIn2Sv: true },
        { email: `enrolled@${DOMAIN}`, enrolledIn2Sv: true },
        { email: `bare@${DOMAIN}` },
        { email: `not.a.member@${DOMAIN}` },
      ],
    });
    const facts = await read([
      `Enforced@${DOMAIN}`,
      `enrolled@${DOMAIN}`,
      `bare@${DOMAIN}`,
      `left@${DOMAIN}`,
    ]);
    expect(facts.memberMfa).toEqual(
      new Map([
        [`bare@${DOMAIN}`, { enrolled: false, enforced: false }],
        [`enforced@${DOMAIN}`, { enrolled: true, enforced: true }],
        [`enrolled@${DOMAIN}`, { enrolled: true, enforced: false }],
      ]),
    );
  });

  it('finds stale users: 90 days without sign-in, or never signed in 30 days after creation', async () => {
    world({
      users: [
        { email: `zed.stale@${DOMAIN}`, givenName: 'Zed', familyName: 'Stale', lastLogin: ago(91) },
        { email: `recent@${DOMAIN}`, lastLogin: ago(89) },
        {
          email: `never.old@${DOMAIN}`,
          givenName: 'Never',
          familyName: 'Old',
          lastLogin: null,
          created: ago(31),
        },
        { email: `never.new@${DOMAIN}`, lastLogin: null, created: ago(29) },
        { email: `gone.suspended@${DOMAIN}`, lastLogin: ago(300), suspended: true },
        { email: `gone.archived@${DOMAIN}`, lastLogin: null, created: ago(300), archived: true },
      ],
    });
    const { staleUsers } = await read();
    expect(staleUsers).toEqual([
      {
        firstName: 'Never',
        lastName: 'Old',
        fullName: 'Never Old',
        email: `never.old@${DOMAIN}`,
        lastLoginTime: null,
      },
      {
        firstName: 'Zed',
        lastName: 'Stale',
        fullName: 'Zed Stale',
        email: `zed.stale@${DOMAIN}`,
        lastLoginTime: ago(91).toISOString(),
      },
    ]);
  });
});

const root = (setting: string, value: Record<string, unknown>, sortOrder?: number) => ({
  setting,
  value,
  ...(sortOrder === undefined ? {} : { sortOrder }),
});
const ENROLLMENT = 'security.two_step_verification_enrollment';
const ENFORCEMENT = 'security.two_step_verification_enforcement';

describe('readWorkspace: policies of the top-level org unit', () => {
  it('reads 2SV, Drive sharing, forwarding and password settings, ignoring child units', async () => {
    world({
      policies: [
        root(ENROLLMENT, { allowEnrollment: true }),
        root(ENFORCEMENT, { enforcedFrom: ago(10).toISOString() }),
        root('drive_and_docs.external_sharing', { externalSharingMode: 'ALLOWED' }, 1),
        root('drive_and_docs.external_sharing', { externalSharingMode: 'ALLOWLISTED_DOMAINS' }, 5),
        {
          setting: 'drive_and_docs.external_sharing',
          orgUnitPath: '/Sales',
          value: { externalSharingMode: 'DISALLOWED' },
          sortOrder: 9,
        },
        root('gmail.auto_forwarding', { enableAutoForwarding: false }),
        {
          setting: 'gmail.auto_forwarding',
          group: 'groups/abc',
          value: { enableAutoForwarding: true },
          sortOrder: 9,
        },
        root('security.password', {
          minimumLength: 12,
          enforceRequirementsAtLogin: true,
          allowedStrength: 'STRONG',
        }),
      ],
    });
    expect((await read()).policies).toEqual({
      twoStepEnforced: true,
      externalSharingMode: 'ALLOWLISTED_DOMAINS',
      autoForwardingEnabled: false,
      passwordPolicy: { minimumLength: 12, enforcedAtLogin: true },
    });
  });

  it.each([
    [
      'enforcement starts in the future',
      [
        root(ENROLLMENT, { allowEnrollment: true }),
        root(ENFORCEMENT, { enforcedFrom: new Date(now.getTime() + DAY).toISOString() }),
      ],
      false,
    ],
    [
      'enforcedFrom is not RFC 3339',
      [
        root(ENROLLMENT, { allowEnrollment: true }),
        root(ENFORCEMENT, { enforcedFrom: '1 Jan 2025' }),
      ],
      false,
    ],
    [
      'enforcedFrom is the zero time',
      [
        root(ENROLLMENT, { allowEnrollment: true }),
        root(ENFORCEMENT, { enforcedFrom: '0001-01-01T00:00:00Z' }),
      ],
      false,
    ],
    [
      'enrollment is not allowed',
      [
        root(ENROLLMENT, { allowEnrollment: false }),
        root(ENFORCEMENT, { enforcedFrom: '2025-01-01T00:00:00Z' }),
      ],
      false,
    ],
    ['there is no enforcement policy', [root(ENROLLMENT, { allowEnrollment: true })], false],
    [
      'only a child unit enforces it',
      [
        root(ENROLLMENT, { allowEnrollment: true }),
        {
          setting: ENFORCEMENT,
          orgUnitPath: '/Sales',
          value: { enforcedFrom: '2025-01-01T00:00:00Z' },
        },
      ],
      false,
    ],
    [
      'the higher sortOrder enforces it',
      [
        root(ENROLLMENT, { allowEnrollment: true }),
        root(ENFORCEMENT, { enforcedFrom: '2999-01-01T00:00:00Z' }, 1),
        root(ENFORCEMENT, { enforcedFrom: '2025-01-01T00:00:00+02:00' }, 2),
      ],
      true,
    ],
    ['nothing about 2SV is known', [], null],
  ])('reads whether 2SV is enforced when %s', async (_, policies, expected) => {
    world({ policies, orgUnits: ['/Sales'] });
    const facts = await read();
    expect(facts.policies.twoStepEnforced).toBe(expected);
  });

  it('leaves unknown what no policy says', async () => {
    world();
    expect((await read()).policies).toEqual({
      twoStepEnforced: null,
      externalSharingMode: null,
      autoForwardingEnabled: null,
      passwordPolicy: null,
    });
  });
});

describe('readWorkspace: attacks', () => {
  it('counts the login failures of the last 30 days over every page', async () => {
    const bob = `bob@${DOMAIN}`;
    world({
      users: [{ email: bob }],
      loginFailures: [
        ...Array.from({ length: 2100 }, (_, i) => ({ email: bob, time: ago(0.01 + (i % 29)) })),
        { email: bob, time: ago(31) },
        { email: bob, time: ago(90) },
      ],
      loginSuccesses: [{ email: bob, time: ago(1) }],
    });
    const facts = await read();
    expect(facts.failedLogins30d).toBe(2100);
    const pages = google.requests().filter((r) => r.path.endsWith('/applications/login'));
    expect(pages).toHaveLength(3);
    expect(pages[0]?.query).toMatchObject({ eventName: 'login_failure', maxResults: '1000' });
  });

  it('sums the spam of the latest 30 report days that have data, null when none has', async () => {
    const spam: Record<string, number> = {};
    for (let k = 3; k <= 40; k += 1) spam[pacificDate(ago(k))] = k;
    world({ gmailSpam: spam });
    // Yesterday and the day before have no data yet; days 3 to 32 are the latest 30 with data.
    expect((await read()).blockedSpam).toBe(((3 + 32) * 30) / 2);
    world({ gmailSpam: {} });
    expect((await read()).blockedSpam).toBeNull();
  });
});

describe('readWorkspace: external shares', () => {
  it('keeps each file’s latest sharing outside the domain; files made private drop out', async () => {
    const ann = `ann@${DOMAIN}`;
    const doc = (docId: string) => ({ docId, owner: ann, title: `Title ${docId}` });
    world({
      users: [{ email: ann }],
      driveEvents: [
        { ...doc('doc-link'), kind: 'link', time: ago(20), linkSharing: 'people_with_link' },
        // Public, then a partner, then the link turned off: the partner keeps access.
        { ...doc('doc-partner'), kind: 'link', time: ago(30), linkSharing: 'public_on_the_web' },
        {
          ...doc('doc-partner'),
          kind: 'user',
          time: ago(25),
          targetUser: 'X@Partner.example',
          access: 'can_view',
        },
        { ...doc('doc-partner'), kind: 'link', time: ago(10), linkSharing: 'private' },
        // Shared every way, then made private in one step.
        {
          ...doc('doc-gone'),
          kind: 'user',
          time: ago(40),
          targetUser: 'y@partner.example',
          access: 'can_edit',
        },
        {
          ...doc('doc-gone'),
          kind: 'domain',
          time: ago(38),
          targetDomain: 'partner.example',
          access: 'can_view',
        },
        {
          ...doc('doc-gone'),
          kind: 'link',
          time: ago(5),
          linkSharing: 'private',
          removeEveryone: true,
        },
        // Made private, then shared again.
        { ...doc('doc-again'), kind: 'link', time: ago(50), linkSharing: 'people_with_link' },
        {
          ...doc('doc-again'),
          kind: 'link',
          time: ago(40),
          linkSharing: 'private',
          removeEveryone: true,
        },
        {
          ...doc('doc-again'),
          kind: 'user',
          time: ago(30),
          targetUser: 'w@contractor.example',
          access: 'can_view',
        },
        {
          ...doc('doc-removed'),
          kind: 'user',
          time: ago(15),
          targetUser: 'z@gmail.com',
          access: 'can_view',
        },
        {
          ...doc('doc-removed'),
          kind: 'user',
          time: ago(14),
          targetUser: 'z@gmail.com',
          access: 'none',
        },
        {
          ...doc('doc-domain'),
          kind: 'domain',
          time: ago(8),
          targetDomain: 'partner.example',
          access: 'can_view',
        },
        // Inside the organisation, or too old for the audit log.
        {
          ...doc('doc-inside'),
          kind: 'user',
          time: ago(3),
          targetUser: `colleague@${DOMAIN}`,
          access: 'can_edit',
        },
        {
          ...doc('doc-inside'),
          kind: 'domain',
          time: ago(3),
          targetDomain: `eu.${DOMAIN}`,
          access: 'can_view',
        },
        {
          ...doc('doc-inside'),
          kind: 'link',
          time: ago(2),
          linkSharing: 'people_within_domain_with_link',
        },
        {
          ...doc('doc-old'),
          kind: 'user',
          time: ago(200),
          targetUser: 'old@partner.example',
          access: 'can_view',
        },
      ],
    });
    const { externalShares } = await read();
    expect(externalShares.map((s) => [s.fileId, s.sharedWith, s.sharedAt])).toEqual([
      ['doc-domain', { type: 'domain', domain: 'partner.example' }, ago(8).toISOString()],
      ['doc-link', { type: 'anyone' }, ago(20).toISOString()],
      ['doc-partner', { type: 'user', email: 'x@partner.example' }, ago(25).toISOString()],
      ['doc-again', { type: 'user', email: 'w@contractor.example' }, ago(30).toISOString()],
    ]);
    expect(externalShares[1]).toMatchObject({ title: 'Title doc-link', owner: ann });
  });
});

describe('readWorkspace: failures', () => {
  it('stops with permission_missing when a scope is missing', async () => {
    world();
    const api = fakeGoogleSession(google, ADMIN, {
      scopes: [`${AUTH}admin.directory.user.readonly`, `${AUTH}admin.reports.audit.readonly`],
    });
    const failure = await readWorkspace(api, {
      domain: DOMAIN,
      memberEmails: new Set(),
      now,
    }).catch((err: GoogleApiError) => err);
    expect(failure).toMatchObject({ name: 'GoogleApiError', kind: 'permission_missing' });
  });

  it('stops with invalid_token when the grant was revoked', async () => {
    world();
    const api = fakeGoogleSession(google, ADMIN);
    google.revokeAll();
    const failure = await readWorkspace(api, {
      domain: DOMAIN,
      memberEmails: new Set(),
      now,
    }).catch((err: GoogleApiError) => err);
    expect(failure).toMatchObject({ kind: 'invalid_token' });
  });

  it('rides out a 503 and a 429 on the way', async () => {
    world({ users: [{ email: `x@${DOMAIN}` }] });
    google.failNext('/admin/directory/v1/users', 503);
    google.failNext('/v1/policies', 429);
    const facts = await read();
    expect(facts.userCount).toBe(2);
    const statuses = (path: string) =>
      google
        .requests()
        .filter((r) => r.path === path)
        .map((r) => r.status);
    expect(statuses('/admin/directory/v1/users')).toEqual([503, 200]);
    expect(statuses('/v1/policies')).toEqual([429, 200]);
  });
});
