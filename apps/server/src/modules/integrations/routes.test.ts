import { INTEGRATION_IDS } from '@castellan/contract';
import { describe, expect, it } from 'vitest';
import { connectWithFacts } from '../../../test/integration-test-kit';
import { ALICE, BEN, databaseKinds, expectError, NOAH, useTestApp } from '../../../test/test-app';
import { recordEvidence } from '../tasks/service';
import type { StoredGoogleFacts } from './google/verdicts';

const FACTS: StoredGoogleFacts = {
  userCount: 3,
  superAdminCount: 3,
  usersWithout2Sv: 1,
  memberMfa: {},
  staleUsers: [
    {
      firstName: 'Former',
      lastName: 'Intern',
      fullName: 'Former Intern',
      email: 'former.intern@brightwave.example',
      lastLoginTime: null,
    },
  ],
  policies: {
    twoStepEnforced: true,
    externalSharingMode: 'ALLOWED',
    autoForwardingEnabled: null,
    passwordPolicy: null,
  },
  failedLogins30d: 5,
  blockedSpam: 9,
  externalShares: [
    {
      fileId: 'file-of-ben-0001',
      title: 'Team offsite',
      owner: BEN,
      sharedWith: { type: 'anyone' },
      sharedAt: '2026-11-20T10:00:00.000Z',
    },
    {
      fileId: 'file-of-alice-01',
      title: 'Board pack',
      owner: ALICE,
      sharedWith: { type: 'domain', domain: 'partner.example' },
      sharedAt: '2026-11-21T10:00:00.000Z',
    },
  ],
};

describe.each(databaseKinds())('the integrations on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const get = async (url: string, cookie: string) => server().inject({ url, headers: { cookie } });

  /** Connects Google Workspace for the signed-in admin's organisation, as a finished sync leaves it. */
  const connect = (cookie: string) => connectWithFacts(server(), cookie, 'gws', FACTS);

  it('lists every integration of the spec, coming soon or not yet connectable here', async () => {
    const res = await get('/api/integrations', await server().signIn(BEN));
    expect(res.statusCode).toBe(200);
    const all = res.json();
    expect(Object.keys(all).sort()).toEqual([...INTEGRATION_IDS].sort());
    expect(all.gws).toMatchObject({
      id: 'gws',
      name: 'Google Workspace',
      logo: '/integrations/gws.svg',
      status: 'available',
      lastScan: null,
      connectedSince: null,
      unavailableReason: expect.stringContaining('no Google client'),
    });
    // Every check each provider's sync runs, by the names of spec §3 where it gives them.
    const names = (id: string) => all[id].securityChecks.map((c: { name: string }) => c.name);
    expect(all.gws.securityChecks[0]).toMatchObject({
      name: 'MFA Status Check',
      description: 'Verifies MFA is enabled for all users.',
      enabled: true,
      result: 'unknown',
      checkedAt: null,
    });
    expect(names('gws')).toEqual([
      'MFA Status Check',
      'MFA Available and Enforced',
      'Super administrators',
      'Unused accounts',
      'Files shared outside',
      'External sharing setting',
      'Automatic forwarding',
      'Password policy',
      'Apps with access',
    ]);
    expect(names('meta')).toEqual(['MFA Enforcement', 'People without two-factor authentication']);
    expect(names('m365')).toEqual([
      'MFA registration',
      'MFA enforced',
      'Global Administrators',
      'Unused accounts',
      'Apps with access',
    ]);
    // Connected with a pasted key: nothing to set up on the server, so always available.
    for (const id of ['aws', 'bitwarden']) {
      expect(all[id]).toMatchObject({ status: 'available', unavailableReason: null });
      expect(names(id).length).toBeGreaterThan(0);
    }
    // Teams carries nudges: connected with its workflow addresses, it checks nothing.
    expect(all.teams).toMatchObject({ status: 'available', unavailableReason: null });
    expect(names('teams')).toEqual([]);
    expect(all.m365.unavailableReason).toMatch(/no Microsoft client/);
    expect(all.meta.unavailableReason).toMatch(/no Meta app/);
    for (const id of ['azure', 'gcp', 'notion', '1password', 'wordpress', 'squarespace']) {
      expect(all[id]).toMatchObject({ status: 'coming_soon', unavailableReason: null });
    }
  });

  const withGoogle = useTestApp(kind, {
    databaseOf: server,
    env: { GOOGLE_CLIENT_ID: 'castellan-test', GOOGLE_CLIENT_SECRET: 'castellan-test-secret' },
  });

  it('offers Google Workspace once the server has a Google client', async () => {
    const alice = await withGoogle().signIn(ALICE);
    const res = await withGoogle().inject({ url: '/api/integrations', headers: { cookie: alice } });
    expect(res.json().gws).toMatchObject({ status: 'available', unavailableReason: null });
  });

  it('answers 409 for the workspace’s figures while Google Workspace is not connected', async () => {
    const alice = await server().signIn(ALICE);
    expect(
      expectError(await get('/api/integrations/google-workspace/stale-users', alice), 409),
    ).toMatch(/Google Workspace is not connected/);
    expectError(await get('/api/integrations/google-workspace/super-admin-count', alice), 409);
    expectError(
      await server().inject({
        method: 'POST',
        url: '/api/integrations/gws/sync',
        headers: { cookie: alice },
      }),
      409,
    );
  });

  it('shows a connected workspace’s figures, never its tokens, and only to its own organisation', async () => {
    const alice = await server().signIn(ALICE);
    await connect(alice);
    const list = await get('/api/integrations', alice);
    expect(list.json().gws).toMatchObject({
      status: 'connected',
      lastScan: '2026-11-24T08:00:00.000Z',
      connectedSince: expect.any(String),
      sync: { state: 'idle', error: null },
    });
    expect(list.body).not.toMatch(/sealed|token/i);
    expect((await get('/api/integrations/google-workspace/stale-users', alice)).json()).toEqual({
      staleUsers: FACTS.staleUsers,
    });
    expect(
      (await get('/api/integrations/google-workspace/super-admin-count', alice)).json(),
    ).toEqual({
      count: 3,
    });
    const shares = (await get('/api/integrations/google-workspace/external-shares', alice)).json();
    expect(shares.shares.map((s: { fileId: string }) => s.fileId)).toEqual([
      'file-of-ben-0001',
      'file-of-alice-01',
    ]);
    const bens = (
      await get('/api/integrations/google-workspace/external-shares', await server().signIn(BEN))
    ).json();
    expect(bens.shares).toEqual([
      expect.objectContaining({ fileId: 'file-of-ben-0001', allowed: false }),
    ]);
    // Who the accounts are and when they last signed in, like Microsoft 365's: administrators only.
    const ben = await server().signIn(BEN);
    expectError(await get('/api/integrations/google-workspace/stale-users', ben), 403);
    expectError(await get('/api/integrations/google-workspace/super-admin-count', ben), 403);
    expectError(await get('/api/integrations/microsoft-365/summary', ben), 403);

    const noah = await server().signIn(NOAH);
    expect((await get('/api/integrations', noah)).json().gws.status).toBe('available');
    expectError(await get('/api/integrations/google-workspace/super-admin-count', noah), 409);
  });

  it('disconnects: the tokens, the verdicts and the counted attacks go, the card is available', async () => {
    const alice = await server().signIn(ALICE);
    const org = await connect(alice);
    await recordEvidence(
      server().database.db,
      org,
      'gws',
      [{ catalogueId: 'limit-super-admins', userId: null, verdict: 'pass', detail: null }],
      new Date(),
    );
    const del = (cookie: string) =>
      server().inject({ method: 'DELETE', url: '/api/integrations/gws', headers: { cookie } });
    expectError(await del(await server().signIn(BEN)), 403);
    const res = await del(alice);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: 'gws', status: 'available', lastScan: null });
    expect((await get('/api/integrations', alice)).json().gws.status).toBe('available');
    const task = (await get('/api/actions', alice))
      .json()
      .tasks.find((t: { catalogueId: string }) => t.catalogueId === 'limit-super-admins');
    expect(task).toMatchObject({ isCompleted: false, evidence: [] });
    expect((await get('/api/organization', alice)).json().metrics).toEqual({
      stopped_attacks: { failed_logins: 0, blocked_spam: 0 },
    });
    // Disconnecting what is not connected changes nothing and is not an error.
    expect((await del(alice)).statusCode).toBe(200);
  });
});
