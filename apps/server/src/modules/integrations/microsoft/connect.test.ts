import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakeMicrosoft,
  startFakeMicrosoft,
} from '../../../../test/fakes/microsoft/fake-microsoft';
import { TEST_CLIENT } from '../../../../test/fakes/test-client';
import { cookiesOf, syncAs } from '../../../../test/integration-test-kit';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { syncOf } from '../syncs';

const syncMicrosoft365 = syncOf('m365');

const DOMAIN = 'tidewater.example';
const OLIVIA = `olivia.parker@${DOMAIN}`;
const LIAM = `liam.brooks@${DOMAIN}`;
const MAYA = `maya.chen@${DOMAIN}`;
const OMAR = `omar.haddad@${DOMAIN}`;
const DAY = 86_400_000;

/** The demo company in Microsoft 365: Maya has no second sign-in method, Omar left months ago. */
const TENANT = {
  domain: DOMAIN,
  premium: true,
  securityDefaults: false,
  users: [
    { email: OLIVIA, displayName: 'Olivia Parker', isAdmin: true, mfaRegistered: true },
    { email: `it-admin@${DOMAIN}`, displayName: 'IT Admin', isAdmin: true, mfaRegistered: true },
    { email: LIAM, displayName: 'Liam Brooks', mfaRegistered: true },
    { email: MAYA, displayName: 'Maya Chen', mfaRegistered: false },
    {
      email: OMAR,
      displayName: 'Omar Haddad',
      mfaRegistered: true,
      lastSignIn: new Date(Date.now() - 150 * DAY),
      created: new Date(Date.now() - 400 * DAY),
    },
  ],
  signInFailures: [1, 3, 9].map((d) => ({ email: MAYA, time: new Date(Date.now() - d * DAY) })),
};

describe('connecting Microsoft 365 (fake Microsoft)', () => {
  let microsoft: FakeMicrosoft;
  let server: TestApp;

  beforeAll(async () => {
    microsoft = await startFakeMicrosoft({
      redirectUris: ['http://localhost:3000/api/microsoft/integration/callback'],
      tenant: TENANT,
    });
    server = await createTestApp('pglite', {
      seed: true,
      env: {
        MICROSOFT_CLIENT_ID: TEST_CLIENT.id,
        MICROSOFT_CLIENT_SECRET: TEST_CLIENT.secret,
        MICROSOFT_API_BASE_URL: microsoft.url,
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await microsoft?.close();
  });
  beforeEach(() => microsoft.reset());

  const get = (url: string, cookie: string) => server.inject({ url, headers: { cookie } });
  const sync = (cookie: string) => syncAs(server, syncMicrosoft365, cookie);

  /** Through the fake's sign-in and consent page as a browser would; resolves to where it lands. */
  async function connect(
    cookie: string,
    as: string,
    options: { leaveOut?: string[]; orgConsent?: boolean } = {},
  ): Promise<string> {
    const start = await get('/api/microsoft/integration', cookie);
    expect(start.statusCode).toBe(302);
    const authorize = new URL(start.headers.location as string);
    expect(authorize.origin).toBe(microsoft.url);
    expect(authorize.pathname).toBe('/organizations/oauth2/v2.0/authorize');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('scope')).toContain('offline_access');
    const html = await (await fetch(authorize)).text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1] ?? '';
    const interaction = /name="interaction" value="([^"]+)"/.exec(html)?.[1] ?? '';
    // The account list's options are user ids, labelled "Name <upn>".
    const account =
      [...html.matchAll(/<option value="([^"]+)"[^>]*>[^<]*&lt;([^&]+)&gt;/g)].find(
        (m) => m[2]?.toLowerCase() === as,
      )?.[1] ?? '';
    const form = new URLSearchParams({ interaction, account, action: 'accept' });
    if (options.orgConsent ?? true) form.append('orgConsent', 'on');
    for (const [, scope] of html.matchAll(/name="scope" value="([^"]+)"/g)) {
      if (scope && !options.leaveOut?.includes(scope)) form.append('scope', scope);
    }
    const answered = await fetch(new URL(action.replaceAll('&amp;', '&'), microsoft.url), {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    const callback = new URL(answered.headers.get('location') ?? '');
    const back = await get(
      `${callback.pathname}${callback.search}`,
      `${cookie}; ${cookiesOf(start)}`,
    );
    expect(back.statusCode).toBe(302);
    return back.headers.location as string;
  }

  const tasksOf = async (cookie: string) =>
    (await get('/api/actions?scope=organization', cookie)).json().tasks as {
      catalogueId: string;
      user: string;
      isCompleted: boolean;
      evidence: { source: string; verdict: string }[];
    }[];

  it('connects, reads the tenant and judges MFA per member, admins and unused accounts', async () => {
    const olivia = await server.signIn(OLIVIA);
    expect(await connect(olivia, OLIVIA)).toBe('/integrations?m365=true');
    expect((await get('/api/integrations', olivia)).json().m365.status).toBe('connected');
    await sync(olivia);

    const m365 = (await get('/api/integrations', olivia)).json().m365;
    // Checks, not verdicts: MFA registration (Maya), MFA enforced and unused accounts (Omar) fail;
    // the admins pass, and so do the apps (no outside app holds a grant).
    expect(m365.lastSync).toEqual({ usersRead: 5, checksPassed: 2, checksFailed: 3 });
    expect(
      Object.fromEntries(
        m365.securityChecks.map((c: { key: string; result: string }) => [c.key, c.result]),
      ),
    ).toEqual({
      'mfa-registration': 'fail',
      'mfa-enforced': 'fail',
      'global-admins': 'pass',
      'stale-accounts': 'fail',
      'third-party-apps': 'pass',
    });
    // The IT admin account of the tenant is nobody in Castellan.
    expect(m365.notInCastellan).toBe(1);
    expect(m365.securityChecks.every((c: { unavailable: unknown }) => c.unavailable === null)).toBe(
      true,
    );
    const tasks = await tasksOf(olivia);
    const mfa = (email: string) =>
      tasks.find((t) => t.catalogueId === 'enable-mfa' && t.user === email);
    expect(mfa(LIAM)).toMatchObject({
      isCompleted: true,
      evidence: [{ source: 'm365', verdict: 'pass' }],
    });
    expect(mfa(MAYA)).toMatchObject({
      isCompleted: false,
      evidence: [{ source: 'm365', verdict: 'fail' }],
    });
    const summary = (await get('/api/integrations/microsoft-365/summary', olivia)).json();
    expect(summary.globalAdmins).toHaveLength(2);
    expect(summary.staleUsers.map((u: { email: string }) => u.email)).toEqual([OMAR]);
    expect(summary.needsP1).toEqual([]);
    expect(
      (await get('/api/organization', olivia)).json().metrics.stopped_attacks.failed_logins,
    ).toBe(3);
    const employees = (await get('/api/list-employees', olivia)).json().employees;
    expect(employees.find((e: { email: string }) => e.email === MAYA).checkedBy).toEqual(['m365']);
  });

  it('a tenant without Entra ID P1 still judges what it can and marks the rest', async () => {
    const olivia = await server.signIn(OLIVIA);
    expect(await connect(olivia, OLIVIA)).toBe('/integrations?m365=true');
    microsoft.setPremium(false);
    await sync(olivia);
    const m365 = (await get('/api/integrations', olivia)).json().m365;
    expect(m365).toMatchObject({ status: 'connected', sync: { state: 'idle' } });
    const unavailable = Object.fromEntries(
      m365.securityChecks.map((c: { name: string; unavailable: string | null }) => [
        c.name,
        c.unavailable,
      ]),
    );
    expect(unavailable).toMatchObject({
      'MFA registration': 'needs Entra ID P1',
      'Unused accounts': 'needs Entra ID P1',
      'Global Administrators': null,
    });
    const summary = (await get('/api/integrations/microsoft-365/summary', olivia)).json();
    expect(summary).toMatchObject({ staleUsers: null, membersWithoutMfa: null });
    const tasks = await tasksOf(olivia);
    expect(
      tasks.filter((t) => t.catalogueId === 'enable-mfa').every((t) => t.evidence.length === 0),
    ).toBe(true);
    expect(tasks.find((t) => t.catalogueId === 'limit-super-admins')?.evidence).toEqual([
      expect.objectContaining({ source: 'm365', verdict: 'pass' }),
    ]);
  });

  it('judges the members’ devices again after a sync, from what Intune reports', async () => {
    microsoft.reset({
      ...TENANT,
      devices: [
        {
          email: LIAM,
          deviceName: 'LIAM-LAPTOP',
          operatingSystem: 'Windows',
          osVersion: '10.0.22631.3447',
          isEncrypted: false,
          lastSync: new Date(),
          serialNumber: 'PF3LIAM01',
        },
      ],
    });
    const olivia = await server.signIn(OLIVIA);
    expect(await connect(olivia, OLIVIA)).toBe('/integrations?m365=true');
    await sync(olivia);
    const disk = (await tasksOf(olivia)).find(
      (t) => t.catalogueId === 'encrypt-disk' && t.user === LIAM,
    );
    expect(disk).toMatchObject({
      isCompleted: false,
      evidence: [{ source: 'm365', verdict: 'fail' }],
    });
  });

  it('an expired grant becomes invalid_token; a revoked permission permission_missing', async () => {
    const olivia = await server.signIn(OLIVIA);
    expect(await connect(olivia, OLIVIA)).toBe('/integrations?m365=true');
    microsoft.expireTokens();
    await sync(olivia);
    expect((await get('/api/integrations', olivia)).json().m365).toMatchObject({
      status: 'invalid_token',
      sync: { state: 'failed', error: expect.stringMatching(/Reconnect Microsoft 365/) },
    });
    expect(await connect(olivia, OLIVIA)).toBe('/integrations?m365=true');
    microsoft.revokeScope('Directory.Read.All');
    await sync(olivia);
    expect((await get('/api/integrations', olivia)).json().m365.status).toBe('permission_missing');
  });

  it('a permission left out at consent is permission_missing and keeps no token', async () => {
    const olivia = await server.signIn(OLIVIA);
    const left = await connect(olivia, OLIVIA, {
      leaveOut: ['https://graph.microsoft.com/AuditLog.Read.All'],
    });
    expect(left).toBe('/integrations?m365=true');
    expect((await get('/api/integrations', olivia)).json().m365.status).toBe('permission_missing');
  });

  it('refuses a tenant that has not verified the organisation’s domain', async () => {
    const alice = await server.signIn('alice.morgan@brightwave.example');
    expect(await connect(alice, OLIVIA)).toBe('/integrations?refused=m365-domain');
    expect((await get('/api/integrations', alice)).json().m365.status).toBe('available');
  });

  it('refuses a callback the signed-in admin did not start, and says so; members cannot start one', async () => {
    const olivia = await server.signIn(OLIVIA);
    const res = await get('/api/microsoft/integration/callback?code=forged&state=forged', olivia);
    expect(res.headers.location).toBe('/integrations?refused=m365-state');
    // Started in one session, finished in another (without the flow's cookie): refused too.
    const start = await get('/api/microsoft/integration', olivia);
    const state = new URL(start.headers.location as string).searchParams.get('state');
    const elsewhere = await server.signIn(OLIVIA);
    const other = await get(
      `/api/microsoft/integration/callback?code=any&state=${state}`,
      elsewhere,
    );
    expect(other.headers.location).toBe('/integrations?refused=m365-state');
    const liam = await server.signIn(LIAM);
    expect((await get('/api/microsoft/integration', liam)).headers.location).toBe(
      '/integrations?m365=true',
    );
  });
});
