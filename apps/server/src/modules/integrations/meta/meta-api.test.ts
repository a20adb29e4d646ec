import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeMeta, startFakeMeta } from '../../../../test/fakes/meta/fake-meta';
import { TEST_CLIENT } from '../../../../test/fakes/test-client';
import { MetaApi, MetaApiError, type MetaClientConfig } from '.';
import { appSecretProof } from './app-secret-proof';

const FAST = { retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 2 } };
const users = (n: number, status: string) =>
  Array.from({ length: n }, (_, i) => ({ name: `Person ${status} ${i}`, twoFacStatus: status }));

// 60 small businesses and one with 230 people: both lists need more than one page.
const BUSINESSES = [
  {
    id: '100',
    name: 'Brightwave Studio',
    twoFactorType: 'none' as const,
    users: [...users(150, 'enabled'), ...users(70, 'disabled'), ...users(10, 'pending_setup')],
  },
  ...Array.from({ length: 60 }, (_, i) => ({
    id: String(200 + i),
    name: `Shop ${i}`,
    twoFactorType: 'all_required' as const,
    users: users(1, 'on'),
  })),
];

let meta: FakeMeta;
let cfg: MetaClientConfig;
beforeAll(async () => {
  meta = await startFakeMeta({ businesses: BUSINESSES });
  cfg = {
    baseUrl: meta.url,
    appId: TEST_CLIENT.id,
    appSecret: TEST_CLIENT.secret,
    redirectUri: 'https://app.castellan.test/api/facebook/callback',
    timeoutMs: 5_000,
  };
});
afterAll(() => meta.close());
beforeEach(() => meta.reset());

const session = (p: Parameters<FakeMeta['issueToken']>[0] = {}) =>
  new MetaApi(cfg, meta.issueToken(p), FAST);
const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: MetaApiError) => ({
      kind: err.kind,
      code: err.code,
      subcode: err.subcode,
      metaMessage: err.metaMessage,
    }),
  );

describe('MetaApi', () => {
  it('reads every business and counts its people through every page, with the proof on each call', async () => {
    const api = session();
    const businesses = await api.businesses();
    expect(businesses).toHaveLength(61);
    expect(businesses[0]).toEqual({
      id: '100',
      name: 'Brightwave Studio',
      twoFactorType: 'none',
      people: 230,
      peopleWithTwoFactor: 150,
      peopleTwoFactorUnknown: 10,
    });
    expect(businesses[60]).toEqual({
      id: '259',
      name: 'Shop 59',
      twoFactorType: 'all_required',
      people: 1,
      peopleWithTwoFactor: 1,
      peopleTwoFactorUnknown: 0,
    });
    const calls = meta.requests();
    expect(calls.filter((c) => c.path === '/v24.0/me/businesses')).toHaveLength(2);
    expect(calls.filter((c) => c.path === '/v24.0/100/business_users')).toHaveLength(3);
    expect(calls.every((c) => c.status === 200)).toBe(true);
    const proof = appSecretProof(TEST_CLIENT.secret, api.token.accessToken);
    expect(calls.every((c) => c.params.appsecret_proof === proof)).toBe(true);
    // The token travels in a header, never in the URL.
    expect(calls.some((c) => 'access_token' in c.params)).toBe(false);
  });

  it('is refused by Meta when the proof is made with another secret', async () => {
    const api = new MetaApi({ ...cfg, appSecret: 'not-the-secret' }, meta.issueToken(), FAST);
    expect(await failureOf(api.businesses())).toMatchObject({ kind: 'failed', code: 100 });
  });

  it('reads one business', async () => {
    expect(await session().business('205')).toMatchObject({ id: '205', name: 'Shop 5', people: 1 });
  });

  it('requires two-factor authentication of a business', async () => {
    await session().requireTwoFactor('100');
    expect(meta.businesses().find((b) => b.id === '100')?.twoFactorType).toBe('all_required');
    const post = meta.requests().at(-1);
    expect(post).toMatchObject({ method: 'POST', path: '/v24.0/100', status: 200 });
    expect(post?.params.two_factor_type).toBe('all_required');
  });

  it('tells a refusal of the change by its code and keeps Meta’s words for a person', async () => {
    meta.refuseTwoFactorChange({
      code: 10,
      message: '(#10) Application does not have permission for this action',
      error_user_title: 'Not allowed',
      error_user_msg: 'Only a business admin can turn this on.',
    });
    expect(await failureOf(session().requireTwoFactor('100'))).toEqual({
      kind: 'permission_missing',
      code: 10,
      subcode: null,
      metaMessage: 'Only a business admin can turn this on.',
    });
    meta.refuseTwoFactorChange({
      code: 200,
      message: '(#200) Requires business_management permission to manage the object',
    });
    expect(await failureOf(session().requireTwoFactor('100'))).toEqual({
      kind: 'permission_missing',
      code: 200,
      subcode: null,
      metaMessage: '(#200) Requires business_management permission to manage the object',
    });
    expect(meta.businesses().find((b) => b.id === '100')?.twoFactorType).toBe('none');
  });

  it('fails the change when Meta answers anything but success: true', async () => {
    const odd = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"success":false}');
    });
    await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
    const { port } = odd.address() as AddressInfo;
    try {
      const api = new MetaApi({ ...cfg, baseUrl: `http://127.0.0.1:${port}` }, meta.issueToken());
      expect(await failureOf(api.requireTwoFactor('100'))).toMatchObject({ kind: 'failed' });
    } finally {
      odd.closeAllConnections();
      await new Promise((resolve) => odd.close(resolve));
    }
  });

  it('does not call Meta with a token past its expiry', async () => {
    const api = new MetaApi(
      cfg,
      { accessToken: meta.issueToken().accessToken, expiresAt: new Date(Date.now() - 1) },
      FAST,
    );
    const err = await api.businesses().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MetaApiError);
    expect((err as MetaApiError).kind).toBe('invalid_token');
    expect(meta.requests()).toEqual([]);
  });

  it('reads code 190 as invalid_token, and a missing permission as permission_missing', async () => {
    const api = session();
    meta.expireTokens();
    expect(await failureOf(api.businesses())).toMatchObject({
      kind: 'invalid_token',
      code: 190,
      subcode: 463,
    });
    expect(meta.requests()).toHaveLength(1);
    expect(await failureOf(session({ scopes: ['public_profile'] }).businesses())).toMatchObject({
      kind: 'permission_missing',
      code: 200,
    });
  });

  it('retries a rate limit, and gives up as rate_limited when it lasts', async () => {
    meta.failNext('/v24.0/me/businesses', 17, { times: 2 });
    expect(await session().businesses()).toHaveLength(61);
    meta.clearRequests();
    meta.failNext('/v24.0/me/businesses', 4, { times: 5 });
    expect(await failureOf(session().businesses())).toMatchObject({
      kind: 'rate_limited',
      code: 4,
    });
    expect(meta.requests()).toHaveLength(3);
  });

  it('reads no answer within the timeout as unavailable, after retrying', async () => {
    meta.setLatencyMs(200);
    const api = new MetaApi({ ...cfg, timeoutMs: 20 }, meta.issueToken(), {
      retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 1 },
    });
    const err = (await api.business('205').catch((e: unknown) => e)) as MetaApiError;
    expect(err).toMatchObject({ kind: 'unavailable', httpStatus: null, code: null });
    expect(meta.requests().filter((r) => r.path === '/v24.0/205')).toHaveLength(2);
  });

  it('retries a transient error, and reads a failure of a people list as the failure of all', async () => {
    meta.failNext('/v24.0/100/business_users', 2);
    expect((await session().business('100')).people).toBe(230);
    meta.failNext('/v24.0/230/business_users', 1, { times: 3 });
    expect(await failureOf(session().businesses())).toMatchObject({
      kind: 'unavailable',
      code: 1,
    });
  });
});
