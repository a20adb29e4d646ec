import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_CLIENT } from '../test-client';
import { type FakeMeta, startFakeMeta } from './fake-meta';
import { answerDialog, graphGet } from './test-requests';
import { LONG_LIVED_S } from './tokens';

const REDIRECT = 'https://app.castellan.test/api/facebook/callback';
let meta: FakeMeta;
beforeAll(async () => {
  meta = await startFakeMeta({ redirectUris: [REDIRECT] });
});
afterAll(() => meta.close());
beforeEach(() => meta.reset());

const dialogUrl = (q: Record<string, string> = {}) =>
  `${meta.url}/v24.0/dialog/oauth?${new URLSearchParams({
    client_id: TEST_CLIENT.id,
    redirect_uri: REDIRECT,
    state: 'st-1',
    response_type: 'code',
    scope: 'business_management,pages_show_list',
    ...q,
  })}`;

const exchange = (q: Record<string, string>) =>
  graphGet(
    meta.url,
    `/v24.0/oauth/access_token?${new URLSearchParams({
      client_id: TEST_CLIENT.id,
      client_secret: TEST_CLIENT.secret,
      redirect_uri: REDIRECT,
      ...q,
    })}`,
  );

const debug = (token: string) =>
  graphGet(
    meta.url,
    `/debug_token?${new URLSearchParams({
      input_token: token,
      access_token: `${TEST_CLIENT.id}|${TEST_CLIENT.secret}`,
    })}`,
  );

async function codeFor(tick?: string[]) {
  const back = await answerDialog(dialogUrl(), { action: 'continue', ...(tick ? { tick } : {}) });
  return back.searchParams.get('code') ?? '';
}

describe('fake Meta: login dialog', () => {
  it('shows the person and one ticked box per permission, and Continue redirects with a code', async () => {
    const page = await (await fetch(dialogUrl())).text();
    expect(page).toContain('Continue as Alice Morgan');
    expect(page).toMatch(/value="business_management"[^>]*checked> business_management/);
    expect(page).toMatch(/value="pages_show_list"[^>]*checked> pages_show_list/);
    const back = await answerDialog(dialogUrl(), { action: 'continue' });
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('st-1');
    expect(back.searchParams.get('code')).toMatch(/.{20,}/);
    expect(back.hash).toBe('#_=_');
  });

  it('Cancel redirects with user_denied and the state', async () => {
    const back = await answerDialog(dialogUrl(), { action: 'cancel' });
    expect(Object.fromEntries(back.searchParams)).toEqual({
      error_reason: 'user_denied',
      error: 'access_denied',
      error_description: 'Permissions error',
      state: 'st-1',
    });
  });

  it('answers an HTML error page to an unknown app or a redirect URI not allowed', async () => {
    const badApp = await fetch(dialogUrl({ client_id: 'nope' }));
    expect(badApp.status).toBe(400);
    expect(badApp.headers.get('content-type')).toContain('text/html');
    expect(await badApp.text()).toContain('Invalid App ID');
    const badRedirect = await fetch(dialogUrl({ redirect_uri: 'https://evil.example/cb' }));
    expect(await badRedirect.text()).toContain('URL Blocked');
  });
});

describe('fake Meta: tokens', () => {
  it('exchanges a code once for a short-lived token, then for a long-lived one', async () => {
    const code = await codeFor();
    const short = await exchange({ code });
    expect(short.status).toBe(200);
    expect(short.body).toEqual({
      access_token: expect.any(String),
      token_type: 'bearer',
      expires_in: expect.any(Number),
    });
    expect(short.body.expires_in).toBeLessThanOrEqual(7200);

    const again = await exchange({ code });
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ type: 'OAuthException', code: 100 });
    expect(again.body.error.fbtrace_id).toEqual(expect.any(String));

    const long = await graphGet(
      meta.url,
      `/v24.0/oauth/access_token?${new URLSearchParams({
        grant_type: 'fb_exchange_token',
        client_id: TEST_CLIENT.id,
        client_secret: TEST_CLIENT.secret,
        fb_exchange_token: short.body.access_token,
      })}`,
    );
    expect(long.body).toMatchObject({ token_type: 'bearer', expires_in: LONG_LIVED_S });
    expect(long.body.access_token).not.toBe(short.body.access_token);
  });

  it('refuses a wrong secret, a different redirect URI and an unknown code in Meta’s envelope', async () => {
    const code = await codeFor();
    const wrongSecret = await exchange({ code, client_secret: 'nope' });
    expect(wrongSecret.status).toBe(400);
    expect(wrongSecret.body.error).toMatchObject({
      message: 'Error validating client secret.',
      code: 1,
    });
    const wrongRedirect = await exchange({ code, redirect_uri: 'https://other.example/cb' });
    expect(wrongRedirect.body.error).toMatchObject({ code: 100, error_subcode: 36008 });
    expect((await exchange({ code: 'made-up' })).body.error.code).toBe(100);
    // None of the refusals used the code up.
    expect((await exchange({ code })).status).toBe(200);
  });

  it('debug_token tells the scopes granted, then is_valid false once tokens expire', async () => {
    const code = await codeFor(['business_management']);
    const { access_token } = (await exchange({ code })).body;
    const valid = (await debug(access_token)).body.data;
    expect(valid).toMatchObject({
      app_id: TEST_CLIENT.id,
      type: 'USER',
      application: expect.any(String),
      data_access_expires_at: expect.any(Number),
      expires_at: expect.any(Number),
      is_valid: true,
      scopes: ['public_profile', 'business_management'],
      granular_scopes: [{ scope: 'business_management', target_ids: expect.any(Array) }],
      user_id: '10215241773831025',
    });
    meta.revokePermission('business_management');
    expect((await debug(access_token)).body.data.scopes).toEqual(['public_profile']);
    meta.expireTokens();
    const expired = (await debug(access_token)).body.data;
    expect(expired.is_valid).toBe(false);
    expect(expired.error).toMatchObject({ code: 190, subcode: 463 });
  });

  it('debug_token needs the app token', async () => {
    const { accessToken } = meta.issueToken();
    const res = await graphGet(
      meta.url,
      `/debug_token?input_token=${accessToken}&access_token=${TEST_CLIENT.id}|wrong`,
    );
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(190);
  });

  it('only grants permissions left ticked', async () => {
    const code = await codeFor(['pages_show_list']);
    const { access_token } = (await exchange({ code })).body;
    expect((await debug(access_token)).body.data.scopes).toEqual([
      'public_profile',
      'pages_show_list',
    ]);
    const businesses = await graphGet(meta.url, '/v24.0/me/businesses', access_token);
    expect(businesses.status).toBe(403);
    expect(businesses.body.error).toMatchObject({
      message: '(#200) Requires business_management permission to manage the object',
      type: 'OAuthException',
      code: 200,
    });
  });
});
