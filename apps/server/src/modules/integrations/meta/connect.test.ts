import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeMeta, startFakeMeta } from '../../../../test/fakes/meta/fake-meta';
import { answerDialog } from '../../../../test/fakes/meta/test-requests';
import { proofOf } from '../../../../test/fakes/meta/tokens';
import { DEFAULT_PERSON } from '../../../../test/fakes/meta/world';
import { TEST_CLIENT } from '../../../../test/fakes/test-client';
import { cookiesOf, syncAs } from '../../../../test/integration-test-kit';
import { ALICE, BEN, createTestApp, expectError, type TestApp } from '../../../../test/test-app';
import { integrations } from '../../../db/schema';
import { findIntegrationRow } from '../kit/repository';
import { syncOf } from '../syncs';

const syncMeta = syncOf('meta');

const STUDIO = {
  id: '1000000000000001',
  name: 'Brightwave Studio',
  twoFactorType: 'none' as const,
  users: [
    { name: 'Alice Morgan', role: 'ADMIN', twoFacStatus: 'enabled' },
    { name: 'Chloe Davies', role: 'EMPLOYEE', twoFacStatus: 'disabled' },
  ],
};
const SHOP = {
  id: '1000000000000002',
  name: 'Brightwave Shop',
  twoFactorType: 'all_required' as const,
  users: [{ name: 'Alice Morgan', role: 'ADMIN', twoFacStatus: 'enabled' }],
};

describe('connecting Meta (fake Meta)', () => {
  let meta: FakeMeta;
  let server: TestApp;

  beforeAll(async () => {
    meta = await startFakeMeta({
      redirectUris: ['http://localhost:3000/api/facebook/callback'],
      businesses: [STUDIO, SHOP],
    });
    server = await createTestApp('pglite', {
      seed: true,
      env: {
        META_APP_ID: TEST_CLIENT.id,
        META_APP_SECRET: TEST_CLIENT.secret,
        META_API_BASE_URL: meta.url,
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await meta?.close();
  });
  beforeEach(() => meta.reset());

  const get = (url: string, cookie: string) => server.inject({ url, headers: { cookie } });
  const enable = (cookie: string, businessId: string) =>
    server.inject({
      method: 'POST',
      url: '/api/facebook/enable-mfa',
      headers: { cookie, origin: 'http://localhost:3000' },
      payload: { businessId },
    });
  const sync = (cookie: string) => syncAs(server, syncMeta, cookie);

  /** The popup's way: /api/facebook/auth, Meta's dialog, the callback; resolves to where it lands. */
  async function connect(cookie: string, tick?: string[]): Promise<string> {
    const start = await get('/api/facebook/auth', cookie);
    expect(start.statusCode).toBe(302);
    const dialog = new URL(start.headers.location as string);
    expect(dialog.pathname).toBe('/v24.0/dialog/oauth');
    expect(dialog.searchParams.get('scope')).toBe('business_management');
    const callback = await answerDialog(dialog.toString(), {
      action: 'continue',
      ...(tick ? { tick } : {}),
    });
    const back = await get(
      `${callback.pathname}${callback.search}`,
      `${cookie}; ${cookiesOf(start)}`,
    );
    expect(back.statusCode).toBe(302);
    return back.headers.location as string;
  }

  it('connects, reads the business accounts and judges the Meta tasks', async () => {
    const alice = await server.signIn(ALICE);
    expect(await connect(alice)).toBe('/facebook-success');
    expect((await get('/api/integrations', alice)).json().meta.status).toBe('connected');
    await sync(alice);

    const accounts = (await get('/api/integrations/meta/accounts', alice)).json();
    expect(accounts).toEqual({
      accounts: [
        {
          id: STUDIO.id,
          name: STUDIO.name,
          twoFactorType: 'none',
          twoFactorRequired: false,
          people: 2,
          peopleWithTwoFactor: 1,
          peopleTwoFactorUnknown: 0,
        },
        expect.objectContaining({ id: SHOP.id, twoFactorRequired: true }),
      ],
      nextCursor: null,
    });
    const tasks = (await get('/api/actions?scope=organization', alice)).json().tasks;
    const task = (id: string) => tasks.find((t: { catalogueId: string }) => t.catalogueId === id);
    expect(task('meta-business-mfa')).toMatchObject({
      isCompleted: false,
      evidence: [{ source: 'meta', verdict: 'fail' }],
    });
    expect(task('protect-social-media-accounts').evidence).toEqual([
      expect.objectContaining({ source: 'meta', verdict: 'fail' }),
    ]);

    // Requiring two-factor authentication: confirmed by Meta, so the task is done.
    const res = await enable(alice, STUDIO.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().account).toMatchObject({ id: STUDIO.id, twoFactorRequired: true });
    expect(meta.businesses().find((b) => b.id === STUDIO.id)?.twoFactorType).toBe('all_required');
    const after = (await get('/api/actions?scope=organization', alice)).json().tasks;
    expect(
      after.find((t: { catalogueId: string }) => t.catalogueId === 'meta-business-mfa'),
    ).toMatchObject({ isCompleted: true });
  });

  it('a refusal by Meta answers 4xx saying what Meta said and what to do by hand', async () => {
    const alice = await server.signIn(ALICE);
    expect(await connect(alice)).toBe('/facebook-success');
    await sync(alice);
    meta.refuseTwoFactorChange({
      code: 10,
      message: '(#10) Application does not have permission for this action',
      error_user_msg: 'Only business admins can change this setting.',
    });
    const res = await enable(alice, STUDIO.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(
      /Only business admins can change this setting\..*Meta Business Suite/,
    );
    expect(meta.businesses().find((b) => b.id === STUDIO.id)?.twoFactorType).toBe('none');
  });

  it('refuses a business the grant cannot see, members, and bad input', async () => {
    const alice = await server.signIn(ALICE);
    expect(await connect(alice)).toBe('/facebook-success');
    await sync(alice);
    expectError(await enable(alice, '999'), 404);
    expect(expectError(await enable(alice, 'not-an-id'), 400)).toMatch(/businessId/);
    expectError(await enable(await server.signIn(BEN), STUDIO.id), 403);
  });

  it('a grant without business_management is permission_missing; an expired token invalid_token', async () => {
    const alice = await server.signIn(ALICE);
    expect(await connect(alice, [])).toBe('/facebook-success?outcome=refused');
    expect((await get('/api/integrations', alice)).json().meta.status).toBe('permission_missing');

    expect(await connect(alice)).toBe('/facebook-success');
    meta.expireTokens();
    await sync(alice);
    expect((await get('/api/integrations', alice)).json().meta).toMatchObject({
      status: 'invalid_token',
      sync: { state: 'failed', error: expect.stringMatching(/Reconnect Meta/) },
    });
    expectError(await get('/api/integrations/meta/accounts', alice), 409);
  });

  it('renews a long-lived token that is about to lapse', async () => {
    const alice = await server.signIn(ALICE);
    expect(await connect(alice)).toBe('/facebook-success');
    const organizationId = (await get('/api/organization', alice)).json().id;
    const soon = new Date(Date.now() + 2 * 86_400_000);
    await server.database.db
      .update(integrations)
      .set({ tokenExpiresAt: soon })
      .where(eq(integrations.organizationId, organizationId));
    await sync(alice);
    const row = await findIntegrationRow(server.database.db, organizationId, 'meta');
    expect(row?.status).toBe('connected');
    expect(row?.tokenExpiresAt?.getTime()).toBeGreaterThan(Date.now() + 50 * 86_400_000);
  });

  it('disconnecting gives the grant back at Meta: the app loses its permissions', async () => {
    const alice = await server.signIn(ALICE);
    expect(await connect(alice)).toBe('/facebook-success');
    meta.clearRequests();
    const res = await server.inject({
      method: 'DELETE',
      url: '/api/integrations/meta',
      headers: { cookie: alice },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('available');

    const revocations = meta.requests().filter((r) => r.method === 'DELETE');
    expect(revocations).toEqual([
      expect.objectContaining({ path: `/v24.0/${DEFAULT_PERSON.id}/permissions`, status: 200 }),
    ]);
    // The token the server held no longer works anywhere at Meta.
    const token = revocations[0]?.params.access_token ?? '';
    const graph = new URL(`${meta.url}/v24.0/me`);
    graph.searchParams.set('access_token', token);
    graph.searchParams.set('appsecret_proof', proofOf(TEST_CLIENT.secret, token));
    const after = await fetch(graph);
    expect(after.status).toBe(400);
    expect(((await after.json()) as { error: unknown }).error).toMatchObject({
      code: 190,
      error_subcode: 458,
    });
  });

  it('refuses a callback nobody started, and the dialog for members', async () => {
    const alice = await server.signIn(ALICE);
    const res = await get('/api/facebook/callback?code=forged&state=forged', alice);
    expect(res.headers.location).toBe('/facebook-success?outcome=refused');
    const ben = await server.signIn(BEN);
    expect((await get('/api/facebook/auth', ben)).headers.location).toBe(
      '/facebook-success?outcome=refused',
    );
  });
});
