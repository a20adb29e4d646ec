import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeMeta, startFakeMeta } from '../../../../test/fakes/meta/fake-meta';
import { answerDialog } from '../../../../test/fakes/meta/test-requests';
import { TEST_CLIENT } from '../../../../test/fakes/test-client';
import {
  debugMetaToken,
  exchangeMetaCode,
  longLivedMetaToken,
  META_SCOPES,
  type MetaApiError,
  type MetaClientConfig,
  metaDialogUrl,
  missingMetaScopes,
} from '.';

const REDIRECT = 'https://app.castellan.test/api/facebook/callback';
const DAY_MS = 86_400_000;

let meta: FakeMeta;
let cfg: MetaClientConfig;
beforeAll(async () => {
  meta = await startFakeMeta({ redirectUris: [REDIRECT] });
  cfg = {
    baseUrl: meta.url,
    appId: TEST_CLIENT.id,
    appSecret: TEST_CLIENT.secret,
    redirectUri: REDIRECT,
    timeoutMs: 5_000,
  };
});
afterAll(() => meta.close());
beforeEach(() => meta.reset());

const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: MetaApiError) => ({ kind: err.kind, code: err.code, subcode: err.subcode }),
  );

describe('Meta login', () => {
  it('builds the dialog URL on www.facebook.com, or on the one test origin', () => {
    const real = new URL(metaDialogUrl({ ...cfg, baseUrl: null }, { state: 's-1' }));
    expect(`${real.origin}${real.pathname}`).toBe('https://www.facebook.com/v24.0/dialog/oauth');
    expect(Object.fromEntries(real.searchParams)).toEqual({
      client_id: TEST_CLIENT.id,
      redirect_uri: REDIRECT,
      state: 's-1',
      response_type: 'code',
      scope: 'business_management',
    });
    const fake = new URL(metaDialogUrl({ ...cfg, version: 'v25.0' }, { state: 's-2' }));
    expect(fake.toString().startsWith(`${meta.url}/v25.0/dialog/oauth?`)).toBe(true);
  });

  it('exchanges the code, then for a long-lived token, and reads it with debug_token', async () => {
    const back = await answerDialog(metaDialogUrl(cfg, { state: 's-1' }), { action: 'continue' });
    expect(back.searchParams.get('state')).toBe('s-1');
    const short = await exchangeMetaCode(cfg, back.searchParams.get('code') ?? '');
    const hours = ((short.expiresAt?.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(1.5);
    expect(hours).toBeLessThanOrEqual(2);

    const long = await longLivedMetaToken(cfg, short.accessToken);
    expect(long.accessToken).not.toBe(short.accessToken);
    const days = ((long.expiresAt?.getTime() ?? 0) - Date.now()) / DAY_MS;
    expect(days).toBeGreaterThan(59);

    const info = await debugMetaToken(cfg, long.accessToken);
    expect(info).toEqual({
      isValid: true,
      scopes: ['public_profile', 'business_management'],
      expiresAt: expect.any(Date),
      userId: '10215241773831025',
    });
    expect(missingMetaScopes(info.scopes)).toEqual([]);

    const calls = meta.requests().filter((r) => r.path === '/debug_token');
    expect(calls[0]?.params.access_token).toBe(`${TEST_CLIENT.id}|${TEST_CLIENT.secret}`);
  });

  it('refuses a used code, and a wrong secret, with Meta’s code', async () => {
    const back = await answerDialog(metaDialogUrl(cfg, { state: 's' }), { action: 'continue' });
    const code = back.searchParams.get('code') ?? '';
    await exchangeMetaCode(cfg, code);
    expect(await failureOf(exchangeMetaCode(cfg, code))).toEqual({
      kind: 'failed',
      code: 100,
      subcode: 36009,
    });
    // A code is tried once only, whatever the answer.
    const before = meta.requests().length;
    await failureOf(exchangeMetaCode({ ...cfg, appSecret: 'wrong' }, 'x'));
    expect(meta.requests().length - before).toBe(1);
  });

  it('debug_token tells an expired token, and a missing permission', async () => {
    const { accessToken } = meta.issueToken({ scopes: ['public_profile'] });
    const info = await debugMetaToken(cfg, accessToken);
    expect(missingMetaScopes(info.scopes)).toEqual(['business_management']);
    meta.expireTokens();
    expect((await debugMetaToken(cfg, accessToken)).isValid).toBe(false);
    expect(await failureOf(longLivedMetaToken(cfg, accessToken))).toEqual({
      kind: 'invalid_token',
      code: 190,
      subcode: 463,
    });
    expect(META_SCOPES).toEqual(['business_management']);
  });
});
