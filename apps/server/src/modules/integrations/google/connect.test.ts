import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGoogle, startFakeGoogle } from '../../../../test/fakes/google/fake-google';
import { TEST_CLIENT } from '../../../../test/fakes/test-client';
import { cookiesOf, syncAs, testSecretBox } from '../../../../test/integration-test-kit';
import {
  ALICE,
  createTestApp,
  freshDatabaseLocation,
  type TestApp,
} from '../../../../test/test-app';
import { findIntegrationRow } from '../kit/repository';
import { openTokens } from '../kit/tokens';
import { syncOf } from '../syncs';

const syncGoogleWorkspace = syncOf('gws');

const DOMAIN = 'brightwave.example';
const ISLA = `isla.jones@${DOMAIN}`;
const BEN = `ben.carter@${DOMAIN}`;
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

/** The demo company's workspace: Alice and Ben use 2-Step Verification, Isla does not. */
const WORKSPACE = {
  domain: DOMAIN,
  users: [
    { email: ALICE, givenName: 'Alice', familyName: 'Morgan', isAdmin: true, enrolledIn2Sv: true },
    { email: BEN, givenName: 'Ben', familyName: 'Carter', enrolledIn2Sv: true },
    { email: ISLA, givenName: 'Isla', familyName: 'Jones', enrolledIn2Sv: false },
    { email: `it.desk@${DOMAIN}`, isAdmin: true, enrolledIn2Sv: true },
    {
      email: `former.intern@${DOMAIN}`,
      givenName: 'Former',
      familyName: 'Intern',
      lastLogin: ago(120),
    },
  ],
  loginFailures: [1, 2, 5, 20, 45].map((d) => ({ email: ISLA, time: ago(d) })),
};

/** Each cookie a response sets, as `name=value` pairs for a Cookie header. */
describe('connecting Google Workspace (PGlite on disk, fake Google)', () => {
  let google: FakeGoogle;
  let server: TestApp;
  let dataDir: string;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    google = await startFakeGoogle({
      redirectUris: ['http://localhost:3000/api/google/integrate/callback'],
      workspace: WORKSPACE,
    });
    const location = await freshDatabaseLocation('pglite', { onDisk: true });
    dataDir = location.dataDir ?? '';
    dispose = () => location.dispose();
    server = await createTestApp('pglite', {
      seed: true,
      database: await location.open(),
      env: {
        GOOGLE_CLIENT_ID: TEST_CLIENT.id,
        GOOGLE_CLIENT_SECRET: TEST_CLIENT.secret,
        GOOGLE_API_BASE_URL: google.url,
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await dispose?.();
    await google?.close();
  });

  const get = (url: string, cookie: string) => server.inject({ url, headers: { cookie } });
  const sync = (cookie: string) => syncAs(server, syncGoogleWorkspace, cookie);

  /** Goes through the connect flow as a browser would; resolves to where it lands. */
  async function connect(cookie: string, as: string, leaveOut: string[] = []): Promise<string> {
    const start = await get('/api/google/integrate', cookie);
    expect(start.statusCode).toBe(302);
    const authorize = new URL(start.headers.location as string);
    expect(authorize.origin).toBe(google.url);
    expect(authorize.pathname).toBe('/o/oauth2/v2/auth');
    expect(authorize.searchParams.get('access_type')).toBe('offline');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    const html = await (await fetch(authorize)).text();
    const interaction = /name="interaction" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const form = new URLSearchParams({ interaction, email: as, action: 'allow' });
    for (const [, scope] of html.matchAll(/name="scope" value="([^"]+)"/g)) {
      if (scope && !leaveOut.includes(scope)) form.append('scope', scope);
    }
    const approved = await fetch(`${google.url}/o/oauth2/v2/auth/approve`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    const callback = new URL(approved.headers.get('location') ?? '');
    const back = await get(
      `${callback.pathname}${callback.search}`,
      `${cookie}; ${cookiesOf(start)}`,
    );
    expect(back.statusCode).toBe(302);
    return back.headers.location as string;
  }

  it('connects, reads the workspace and turns it into tasks, figures and stopped attacks', async () => {
    const alice = await server.signIn(ALICE);
    expect(await connect(alice, ALICE)).toBe('/integrations?gws=true');
    expect((await get('/api/integrations', alice)).json().gws.status).toBe('connected');
    const organizationId = await sync(alice);

    const gws = (await get('/api/integrations', alice)).json().gws;
    expect(gws).toMatchObject({ status: 'connected', sync: { state: 'idle', error: null } });
    expect(gws.lastScan).not.toBeNull();

    const mfaOf = async (email: string) =>
      (await get('/api/actions?scope=organization', alice))
        .json()
        .tasks.find(
          (t: { catalogueId: string; user: string }) =>
            t.catalogueId === 'enable-mfa' && t.user === email,
        );
    expect(await mfaOf(BEN)).toMatchObject({ isCompleted: true, completedBy: 'Google Workspace' });
    expect(await mfaOf(ISLA)).toMatchObject({
      isCompleted: false,
      evidence: [{ source: 'gws', verdict: 'fail' }],
    });

    expect(
      (await get('/api/integrations/google-workspace/super-admin-count', alice)).json(),
    ).toEqual({
      count: 2,
    });
    expect(
      (await get('/api/integrations/google-workspace/stale-users', alice)).json().staleUsers,
    ).toEqual([
      expect.objectContaining({ email: `former.intern@${DOMAIN}`, fullName: 'Former Intern' }),
    ]);
    const metrics = (await get('/api/organization', alice)).json().metrics.stopped_attacks;
    expect(metrics.failed_logins).toBe(4);

    // The refresh token is stored sealed: it is in no file of the database, and opens with the key.
    const row = await findIntegrationRow(server.database.db, organizationId, 'gws');
    const box = testSecretBox();
    const { refreshToken } = openTokens(box, row ?? ({} as never));
    expect(refreshToken).toBeTruthy();
    await server.database.db.execute(sql`checkpoint`);
    expect(filesContaining(dataDir, refreshToken ?? '')).toEqual([]);
    expect(filesContaining(dataDir, row?.refreshTokenSealed ?? '').length).toBeGreaterThan(0);
  });

  it('shows invalid_token once Google revoked the grant, and has the administrators told', async () => {
    const alice = await server.signIn(ALICE);
    google.revokeAll();
    google.expireAccessTokens();
    const revoked: string[][] = [];
    const alerts = {
      tokenRevoked: async (organizationId: string, integrationId: string) => {
        revoked.push([organizationId, integrationId]);
      },
    };
    const organizationId = await syncAs(server, syncGoogleWorkspace, alice, alerts);
    expect(revoked).toEqual([[organizationId, 'gws']]);
    expect((await get('/api/integrations', alice)).json().gws).toMatchObject({
      status: 'invalid_token',
      sync: { state: 'failed', error: expect.stringMatching(/Reconnect Google Workspace/) },
    });
  });

  it('a missing scope or an account that is not an administrator is permission_missing', async () => {
    const alice = await server.signIn(ALICE);
    expect(
      await connect(alice, ALICE, ['https://www.googleapis.com/auth/admin.reports.audit.readonly']),
    ).toBe('/integrations?googleWorkspacePermissionsRequired=true');
    expect((await get('/api/integrations', alice)).json().gws.status).toBe('permission_missing');
    expect(await connect(alice, BEN)).toBe('/integrations?googleWorkspacePermissionsRequired=true');
    expect(await connect(alice, ALICE)).toBe('/integrations?gws=true');
    expect((await get('/api/integrations', alice)).json().gws.status).toBe('connected');
  });

  it('refuses a callback that the signed-in admin did not start, and says so', async () => {
    const alice = await server.signIn(ALICE);
    const res = await get('/api/google/integrate/callback?code=forged&state=forged', alice);
    expect(res.headers.location).toBe('/integrations?refused=gws-state');
    // Started in one session, finished in another (without the flow's cookie): refused too.
    const start = await get('/api/google/integrate', alice);
    const state = new URL(start.headers.location as string).searchParams.get('state');
    const elsewhere = await server.signIn(ALICE);
    const other = await get(`/api/google/integrate/callback?code=any&state=${state}`, elsewhere);
    expect(other.headers.location).toBe('/integrations?refused=gws-state');
    const member = await server.signIn(BEN);
    expect((await get('/api/google/integrate', member)).headers.location).toBe(
      '/integrations?gws=true',
    );
  });
});

/** The files under `dir` whose bytes contain `text`. */
function filesContaining(dir: string, text: string): string[] {
  const needle = Buffer.from(text, 'utf8');
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .filter((file) => readFileSync(file).includes(needle));
}
