import { describe, expect, it } from 'vitest';
import { ALICE, BEN, useTestApp } from '../../../test/test-app';
import { listEvidence } from '../tasks/repository';
import type { StoredGoogleFacts } from './google/verdicts';
import { saveGrant, saveSyncResult } from './kit/repository';
import type { StoredM365Facts } from './microsoft/verdicts';
import { judgeIntegrations } from './suites';

const ISLA = 'isla.jones@brightwave.example';

const google: StoredGoogleFacts = {
  userCount: 3,
  superAdminCount: 2,
  usersWithout2Sv: 1,
  memberMfa: {
    [BEN]: { enrolled: true, enforced: false },
    [ISLA]: { enrolled: true, enforced: false },
  },
  mailboxes: [BEN],
  staleUsers: [],
  policies: {
    twoStepEnforced: null,
    externalSharingMode: null,
    autoForwardingEnabled: null,
    passwordPolicy: null,
  },
  failedLogins30d: 4,
  blockedSpam: 10,
  externalShares: [],
};

const microsoft: StoredM365Facts = {
  tenantId: 'tenant',
  verifiedDomains: ['brightwave.example'],
  userCount: 3,
  memberMfa: {
    [BEN]: { registered: false, capable: false },
    [ISLA]: { registered: false, capable: false },
  },
  mailboxes: [ISLA],
  securityDefaultsEnabled: true,
  conditionalAccessRequiresMfa: null,
  globalAdmins: [
    { email: 'a@brightwave.example', displayName: 'A' },
    { email: 'b@brightwave.example', displayName: 'B' },
  ],
  staleUsers: [],
  failedLogins30d: 3,
  needsP1: [],
};

describe('Google Workspace and Microsoft 365 both connected', () => {
  const server = useTestApp('pglite', { seed: true });

  it('judges each member’s sign-in by the suite holding their mailbox, and adds the attacks', async () => {
    const { db } = server().database;
    const cookie = await server().signIn(ALICE);
    const organizationId = (
      await server().inject({ url: '/api/organization', headers: { cookie } })
    ).json().id as string;
    for (const [integrationId, facts] of [
      ['gws', google],
      ['m365', microsoft],
    ] as const) {
      const row = await saveGrant(db, {
        organizationId,
        integrationId,
        status: 'connected',
        accountEmail: null,
        connectedById: null,
        accessTokenSealed: null,
        refreshTokenSealed: null,
        tokenExpiresAt: null,
        scopes: [],
      });
      await saveSyncResult(db, row.id, facts, new Date());
    }
    await judgeIntegrations(db, organizationId);

    const employees = (
      await server().inject({ url: '/api/list-employees', headers: { cookie } })
    ).json().employees as { email: string; checkedBy: string[] }[];
    const ids = Object.fromEntries(employees.map((e) => [e.email, e]));
    // Google still checks Isla's shared files; her sign-in is Microsoft's to judge.
    expect(ids[BEN]?.checkedBy).toEqual(['gws']);
    expect(ids[ISLA]?.checkedBy).toEqual(['gws', 'm365']);

    const evidence = await listEvidence(db, organizationId);
    const mfa = evidence.filter((e) => e.catalogueId === 'enable-mfa');
    const userOf = Object.fromEntries(employees.map((e) => [e.email, (e as { id?: string }).id]));
    expect(mfa.map((e) => [e.userId, e.source, e.verdict])).toEqual(
      expect.arrayContaining([
        [userOf[BEN], 'gws', 'pass'],
        [userOf[ISLA], 'm365', 'fail'],
      ]),
    );
    expect(mfa).toHaveLength(2);
    const admins = evidence.filter((e) => e.catalogueId === 'limit-super-admins');
    expect(admins.map((e) => e.source).sort()).toEqual(['gws', 'm365']);

    const metrics = (
      await server().inject({ url: '/api/organization', headers: { cookie } })
    ).json().metrics.stopped_attacks;
    expect(metrics).toEqual({ failed_logins: 7, blocked_spam: 10 });
  });
});
