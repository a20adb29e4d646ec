import { describe, expect, it } from 'vitest';
import { connectWithFacts } from '../../../test/integration-test-kit';
import { ALICE, BEN, databaseKinds, NOAH, useTestApp } from '../../../test/test-app';
import type { StoredGoogleFacts } from './google/verdicts';
import { judgeIntegrations } from './suites';

const DOMAIN = 'brightwave.example';
const NEWCOMER = `new.starter@${DOMAIN}`;
const CONTRACTOR = `contractor@${DOMAIN}`;

/** Alice has 2-Step Verification, Ben has not; two accounts of the workspace are not members. */
const FACTS: StoredGoogleFacts = {
  userCount: 4,
  superAdminCount: 3,
  usersWithout2Sv: 1,
  memberMfa: {
    [ALICE]: { enrolled: true, enforced: true },
    [BEN]: { enrolled: false, enforced: false },
  },
  mailboxes: [ALICE, BEN],
  staleUsers: [
    {
      firstName: 'Former',
      lastName: 'Intern',
      fullName: 'Former Intern',
      email: CONTRACTOR,
      lastLoginTime: null,
    },
  ],
  directory: [ALICE, BEN, CONTRACTOR, NEWCOMER],
  policies: {
    twoStepEnforced: true,
    externalSharingMode: 'ALLOWED',
    autoForwardingEnabled: null,
    passwordPolicy: null,
  },
  failedLogins30d: 0,
  blockedSpam: 0,
  externalShares: [],
};
const SYNCED = '2026-11-24T08:00:00.000Z';

type Check = {
  key: string;
  result: string;
  checkedAt: string | null;
  detail: string | null;
  taskId: string | null;
};

describe.each(databaseKinds())('integration cards on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const get = (url: string, cookie: string) => server().inject({ url, headers: { cookie } });
  const integrations = async (cookie: string) => (await get('/api/integrations', cookie)).json();
  /** The id of the signed-in user's copy of a catalogue task. */
  const taskOf = async (cookie: string, catalogueId: string) =>
    (
      (await get('/api/actions', cookie)).json().tasks as { id: string; catalogueId: string }[]
    ).find((t) => t.catalogueId === catalogueId)?.id;

  /** Connects Google Workspace with FACTS and judges them as a finished sync does. */
  async function connectGoogle(cookie: string, facts: StoredGoogleFacts = FACTS) {
    const org = await connectWithFacts(server(), cookie, 'gws', facts, new Date(SYNCED));
    await judgeIntegrations(server().database.db, org);
    return org;
  }

  it('lists each check the sync ran with its last result, when, and the asker’s task', async () => {
    const alice = await server().signIn(ALICE);
    await connectGoogle(alice);
    const gws = (await integrations(alice)).gws;
    const byKey = Object.fromEntries(gws.securityChecks.map((c: Check) => [c.key, c]));
    expect(Object.keys(byKey)).toEqual([
      'member-2sv',
      '2sv-enforced',
      'super-admins',
      'stale-accounts',
      'member-external-shares',
      'external-sharing',
      'auto-forwarding',
      'password-policy',
      'third-party-apps',
    ]);
    expect(byKey['member-2sv']).toMatchObject({
      result: 'fail',
      checkedAt: SYNCED,
      detail: 'Fails for 1 of 2 people.',
      taskId: await taskOf(alice, 'enable-mfa'),
    });
    expect(byKey['2sv-enforced']).toMatchObject({
      result: 'pass',
      detail: null,
      taskId: await taskOf(alice, 'enforce-mfa-google-workspace'),
    });
    expect(byKey['super-admins']).toMatchObject({ result: 'pass', checkedAt: SYNCED });
    expect(byKey['stale-accounts']).toMatchObject({
      result: 'fail',
      detail: `1 Google Workspace account is not used any more: ${CONTRACTOR}.`,
    });
    expect(byKey['member-external-shares']).toMatchObject({ result: 'pass' });
    expect(byKey['external-sharing']).toMatchObject({ result: 'fail' });
    // Google did not say: no verdict, so the card says it does not know, as of the sync.
    expect(byKey['auto-forwarding']).toMatchObject({ result: 'unknown', checkedAt: SYNCED });
    expect(byKey['password-policy']).toMatchObject({ result: 'unknown' });
    // The counts are of checks, not of verdicts per member: 3 passed, 3 failed.
    expect(gws.lastSync).toEqual({ usersRead: 4, checksPassed: 3, checksFailed: 3 });

    // The tasks the links name are the asker's own copies.
    const tasks = (await get('/api/actions', alice)).json().tasks as { id: string }[];
    for (const c of gws.securityChecks as Check[]) {
      expect(tasks.map((t) => t.id)).toContain(c.taskId);
    }

    // A member holds no copy of an Admin task: that link is null, their own MFA task is linked.
    const ben = await server().signIn(BEN);
    const bens = Object.fromEntries(
      (await integrations(ben)).gws.securityChecks.map((c: Check) => [c.key, c]),
    );
    expect(bens['member-2sv'].taskId).toBe(await taskOf(ben, 'enable-mfa'));
    expect(bens['member-2sv'].taskId).not.toBe(byKey['member-2sv'].taskId);
    expect(bens['2sv-enforced']).toMatchObject({ result: 'pass', taskId: null });

    // A provider not connected has not run its checks: unknown, never.
    const m365 = (await integrations(alice)).m365.securityChecks as Check[];
    expect(m365.map((c) => [c.result, c.checkedAt, c.detail])).toEqual(
      m365.map(() => ['unknown', null, null]),
    );
  });

  it('counts the synced directory’s people not in Castellan, for administrators only', async () => {
    const alice = await server().signIn(ALICE);
    await connectGoogle(alice);
    expect((await integrations(alice)).gws.notInCastellan).toBe(2);
    expect((await integrations(alice)).m365.notInCastellan).toBeNull();
    expect((await integrations(await server().signIn(BEN))).gws.notInCastellan).toBeNull();

    // Inviting one of them counts at once, without another sync (addresses in any case).
    const invite = await server().inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: alice },
      payload: { email: NEWCOMER.toUpperCase(), role: 'user' },
    });
    expect(invite.statusCode).toBe(201);
    expect((await integrations(alice)).gws.notInCastellan).toBe(1);

    // Another organisation sees nothing of it, and counts against its own members only.
    const noah = await server().signIn(NOAH);
    expect((await integrations(noah)).gws.notInCastellan).toBeNull();
    await connectGoogle(noah);
    expect((await integrations(noah)).gws.notInCastellan).toBe(4);
  });

  it('says nothing of who is missing after a sync that did not keep the directory', async () => {
    const alice = await server().signIn(ALICE);
    const { directory: _, ...older } = FACTS;
    await connectGoogle(alice, older);
    expect((await integrations(alice)).gws.notInCastellan).toBeNull();
  });

  it('names the workspace’s edition, or why it is unknown, and nothing after an older sync', async () => {
    const alice = await server().signIn(ALICE);
    const starter = { skuId: '1010020027', name: 'Google Workspace Business Starter', users: 4 };
    await connectGoogle(alice, { ...FACTS, plan: { editions: [starter] } });
    const gws = (await integrations(alice)).gws;
    expect(gws.plan).toEqual({
      name: 'Google Workspace Business Starter',
      includes: '4 users, basic mobile management only, no Context-Aware Access',
    });
    // No check of the card is one the edition limits.
    expect(gws.securityChecks.map((c: { planNote: string | null }) => c.planNote)).toEqual(
      gws.securityChecks.map(() => null),
    );

    const unknown = 'Reconnect Google Workspace to let Castellan read your edition';
    await connectGoogle(alice, { ...FACTS, plan: { editions: null, unknown } });
    expect((await integrations(alice)).gws.plan).toEqual({ name: 'unknown', includes: unknown });

    await connectGoogle(alice, FACTS);
    expect((await integrations(alice)).gws.plan).toBeNull();
  });
});
