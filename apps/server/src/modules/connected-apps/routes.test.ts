import type { ConnectedAppsResponse } from '@castellan/contract';
import { describe, expect, it } from 'vitest';
import { auditRows } from '../../../test/audit-rows';
import { connectWithFacts } from '../../../test/integration-test-kit';
import { ALICE, databaseKinds, expectError, NOAH, useTestApp } from '../../../test/test-app';
import type { StoredGoogleFacts } from '../integrations/google/verdicts';
import type { StoredM365Facts } from '../integrations/microsoft/verdicts';
import { judgeIntegrations } from '../integrations/suites';
import type { AppGrant, SuiteApps } from './app-facts';

const G = 'https://www.googleapis.com/auth/';
const app = (name: string, clientId: string, scopes: string[], people = 2): AppGrant => ({
  clientId,
  name,
  publisher: null,
  scopes,
  people,
  everyone: false,
});
const CRM = app('Acme CRM', '408-crm.apps.googleusercontent.com', [`${G}gmail.readonly`, 'openid']);
const BACKUP = app('Vaultline Backup', '270-backup.apps.googleusercontent.com', [
  `${G}drive.readonly`,
]);
const SCHEDULER = app('MeetSlot', '913-meet.apps.googleusercontent.com', [`${G}calendar.events`]);
const SIGN_IN = app('=HYPERLINK("http://evil.example")', '655-pin.apps.googleusercontent.com', [
  'openid',
  'email',
]);

const googleFacts = (apps: SuiteApps | undefined): StoredGoogleFacts => ({
  userCount: 2,
  superAdminCount: 2,
  usersWithout2Sv: 0,
  memberMfa: {},
  mailboxes: [],
  staleUsers: [],
  directory: [],
  policies: {
    twoStepEnforced: null,
    externalSharingMode: null,
    autoForwardingEnabled: null,
    passwordPolicy: null,
  },
  failedLogins30d: 0,
  blockedSpam: null,
  externalShares: [],
  ...(apps ? { apps } : {}),
});

const m365Facts = (apps: SuiteApps | undefined): StoredM365Facts => ({
  tenantId: 't',
  verifiedDomains: ['brightwave.example'],
  userCount: 2,
  memberMfa: null,
  mailboxes: [],
  securityDefaultsEnabled: null,
  conditionalAccessRequiresMfa: null,
  globalAdmins: [],
  staleUsers: null,
  failedLogins30d: null,
  needsP1: [],
  ...(apps ? { apps } : {}),
});

describe.each(databaseKinds())('the apps with access on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const send = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    server().inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const list = async (cookie: string): Promise<ConnectedAppsResponse> => {
    const res = await send(cookie, 'GET', '/api/connected-apps');
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const decide = async (cookie: string, what: 'approve' | 'unapprove', body: object) => {
    const res = await send(cookie, 'POST', `/api/connected-apps/${what}`, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ConnectedAppsResponse;
  };
  /** The Google card's check of the apps, as the integrations page shows it. */
  const appsCheck = async (cookie: string, id = 'gws') =>
    (
      (await send(cookie, 'GET', '/api/integrations')).json()[id].securityChecks as {
        key: string;
        result: string;
        detail: string | null;
      }[]
    ).find((c) => c.key === 'third-party-apps');
  /** Connects a suite as a sync that read `facts` leaves it, with no app approved yet. */
  const connect = async (
    cookie: string,
    id: 'gws' | 'm365',
    facts: StoredGoogleFacts | StoredM365Facts,
  ) => {
    const org = await connectWithFacts(server(), cookie, id, facts);
    for (const a of (await list(cookie)).apps.filter((a) => a.approved)) {
      await decide(cookie, 'unapprove', { suite: a.suite, clientId: a.clientId });
    }
    await judgeIntegrations(server().database.db, org);
    return org;
  };
  const ALL: SuiteApps = { state: 'read', apps: [CRM, BACKUP, SCHEDULER, SIGN_IN] };

  it('lists the apps in plain words, those to act on first, with where to remove them', async () => {
    const alice = await server().signIn(ALICE);
    await connect(alice, 'gws', googleFacts(ALL));
    const { suites, apps } = await list(alice);
    expect(suites).toEqual([
      { suite: 'google', state: 'read', reason: null, readAt: '2026-11-24T08:00:00.000Z' },
    ]);
    expect(apps.map((a) => a.name)).toEqual([
      'Acme CRM',
      'Vaultline Backup',
      '=HYPERLINK("http://evil.example")',
      'MeetSlot',
    ]);
    expect(apps[0]).toEqual({
      suite: 'google',
      clientId: CRM.clientId,
      name: 'Acme CRM',
      publisher: null,
      scopes: [
        { scope: `${G}gmail.readonly`, words: 'Read all mail', class: 'mail' },
        { scope: 'openid', words: 'Sign in with the person’s account', class: 'sign-in' },
      ],
      reaches: ['mail', 'sign-in'],
      holdsMailOrFiles: true,
      people: 2,
      everyone: false,
      lastUsedAt: null,
      approved: null,
      removeUrl: 'https://admin.google.com/ac/owl/list?tab=apps',
    });
    expect(apps.find((a) => a.name === 'MeetSlot')).toMatchObject({
      reaches: ['calendar'],
      holdsMailOrFiles: false,
    });
  });

  it('fails the task until every app reaching mail or files is approved, judging at once', async () => {
    const alice = await server().signIn(ALICE);
    await connect(alice, 'gws', googleFacts(ALL));
    expect(await appsCheck(alice)).toMatchObject({
      result: 'fail',
      detail: expect.stringMatching(/^2 outside apps .*: Acme CRM, Vaultline Backup\./),
    });

    const afterCrm = await decide(alice, 'approve', {
      suite: 'google',
      clientId: CRM.clientId,
      note: '  Sales uses it  ',
    });
    expect(afterCrm.apps.find((a) => a.clientId === CRM.clientId)?.approved).toEqual({
      by: ALICE,
      at: expect.any(String),
      note: 'Sales uses it',
    });
    expect(await appsCheck(alice)).toMatchObject({
      result: 'fail',
      detail: expect.stringMatching(/^1 outside app .*: Vaultline Backup\./),
    });

    await decide(alice, 'approve', { suite: 'google', clientId: BACKUP.clientId });
    expect(await appsCheck(alice)).toMatchObject({ result: 'pass' });

    await decide(alice, 'unapprove', { suite: 'google', clientId: CRM.clientId });
    expect(await appsCheck(alice)).toMatchObject({ result: 'fail' });

    const approved = await auditRows(server, 'connected_apps.approved');
    expect(approved.map((r) => [r.actorEmail, r.details])).toEqual([
      [ALICE, { suite: 'google', clientId: CRM.clientId, name: 'Acme CRM', note: 'Sales uses it' }],
      [ALICE, { suite: 'google', clientId: BACKUP.clientId, name: 'Vaultline Backup', note: null }],
    ]);
    expect((await auditRows(server, 'connected_apps.unapproved')).map((r) => r.details)).toEqual([
      { suite: 'google', clientId: CRM.clientId },
    ]);
  });

  it('refuses to approve an app the suite does not list, or to unapprove one not approved', async () => {
    const alice = await server().signIn(ALICE);
    await connect(alice, 'gws', googleFacts(ALL));
    const unknown = { suite: 'google', clientId: 'nobody.apps.googleusercontent.com' };
    expectError(await send(alice, 'POST', '/api/connected-apps/approve', unknown), 404);
    const wrongSuite = { suite: 'microsoft', clientId: CRM.clientId };
    expectError(await send(alice, 'POST', '/api/connected-apps/approve', wrongSuite), 404);
    const notApproved = { suite: 'google', clientId: CRM.clientId };
    expectError(await send(alice, 'POST', '/api/connected-apps/unapprove', notApproved), 404);
    const bad = { suite: 'slack', clientId: CRM.clientId };
    expectError(await send(alice, 'POST', '/api/connected-apps/approve', bad), 400);
  });

  it('keeps each organisation to its own apps and approvals', async () => {
    const alice = await server().signIn(ALICE);
    await connect(alice, 'gws', googleFacts(ALL));
    await decide(alice, 'approve', { suite: 'google', clientId: CRM.clientId });

    const noah = await server().signIn(NOAH);
    expect(await list(noah)).toEqual({ suites: [], apps: [] });
    const approve = { suite: 'google', clientId: BACKUP.clientId };
    expectError(await send(noah, 'POST', '/api/connected-apps/approve', approve), 404);
    const unapprove = { suite: 'google', clientId: CRM.clientId };
    expectError(await send(noah, 'POST', '/api/connected-apps/unapprove', unapprove), 404);
    const csv = await send(noah, 'GET', '/api/connected-apps/vendors.csv');
    expect(csv.body.trim().split('\r\n')).toHaveLength(1);

    const alices = await list(alice);
    expect(alices.apps.find((a) => a.clientId === CRM.clientId)?.approved).not.toBeNull();
    expect(alices.apps.find((a) => a.clientId === BACKUP.clientId)?.approved).toBeNull();
  });

  it('says why a suite’s apps are unknown, and gives no verdict', async () => {
    const alice = await server().signIn(ALICE);
    await connect(alice, 'gws', googleFacts(undefined));
    await connect(alice, 'm365', m365Facts({ state: 'unknown', reason: 'scope-missing' }));
    expect((await list(alice)).suites).toEqual([
      {
        suite: 'google',
        state: 'unknown',
        reason: 'The next sync of Google Workspace reads the apps.',
        readAt: '2026-11-24T08:00:00.000Z',
      },
      {
        suite: 'microsoft',
        state: 'unknown',
        reason: 'Reconnect Microsoft 365 to allow reading apps.',
        readAt: '2026-11-24T08:00:00.000Z',
      },
    ]);
    expect(await appsCheck(alice)).toMatchObject({ result: 'unknown' });
    expect(await appsCheck(alice, 'm365')).toMatchObject({ result: 'unknown' });
  });

  it('gives the vendor list as CSV, formulas neutralised', async () => {
    const alice = await server().signIn(ALICE);
    await connect(alice, 'gws', googleFacts(ALL));
    await decide(alice, 'approve', { suite: 'google', clientId: CRM.clientId, note: 'Sales, EU' });
    const res = await send(alice, 'GET', '/api/connected-apps/vendors.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="vendor-list-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = res.body.replace(/^\uFEFF/, '').split('\r\n');
    const crm = rows.find((r) => r.startsWith('Acme CRM,'));
    const evil = rows.find((r) => r.includes('evil.example'));
    expect(rows).toHaveLength(5); // four apps, and the empty line after the last
    expect(header).toBe(
      'App,Publisher,Publisher verified,Suite,Data it can reach,Permissions,People,Approved,Approved by,Approved at,Note,Client ID',
    );
    expect(crm).toMatch(
      new RegExp(
        `^Acme CRM,,not reported,Google Workspace,"Mail, Sign-in only",Read all mail; Sign in with the person’s account,2,yes,${ALICE},[^,]+,"Sales, EU",${CRM.clientId}$`,
      ),
    );
    expect(evil).toMatch(/^"'=HYPERLINK\(""http:\/\/evil\.example""\)",/);
  });
});
