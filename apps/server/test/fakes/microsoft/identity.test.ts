import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CLIENT } from '../test-client';
import { type FakeMicrosoft, startFakeMicrosoft } from './fake-microsoft';

const ADMIN = 'ada.admin@contoso.test';
const REDIRECT = 'https://app.test/callback';
const VERIFIER = 'v'.repeat(50);
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');

let microsoft: FakeMicrosoft;
beforeAll(async () => {
  microsoft = await startFakeMicrosoft({
    redirectUris: [REDIRECT],
    tenant: { domain: 'contoso.test', users: [{ email: ADMIN, isAdmin: true }] },
  });
});
afterAll(() => microsoft.close());

const authorizeUrl = (params: Record<string, string> = {}, tenant = 'organizations') =>
  `${microsoft.url}/${tenant}/oauth2/v2.0/authorize?${new URLSearchParams({
    client_id: TEST_CLIENT.id,
    response_type: 'code',
    redirect_uri: REDIRECT,
    scope: 'openid offline_access https://graph.microsoft.com/User.Read.All',
    state: 'xyz',
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
    login_hint: ADMIN,
    ...params,
  })}`;

async function code(): Promise<string> {
  const page = await (await fetch(authorizeUrl())).text();
  expect(page).toContain('<label for="account">Account</label>');
  expect(page).toContain('User.Read.All</label>');
  expect(page).toContain('Consent on behalf of your organization');
  const interaction = /name="interaction" value="([^"]+)"/.exec(page)?.[1] ?? '';
  const account = /<option value="([^"]+)"[^>]* selected>/.exec(page)?.[1] ?? '';
  const form = new URLSearchParams({ interaction, account, action: 'accept' });
  form.append('scope', 'https://graph.microsoft.com/User.Read.All');
  const res = await fetch(`${microsoft.url}/organizations/login`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const back = new URL(res.headers.get('location') ?? '');
  expect(back.searchParams.get('state')).toBe('xyz');
  return back.searchParams.get('code') ?? '';
}

const token = (form: Record<string, string>) =>
  fetch(`${microsoft.url}/organizations/oauth2/v2.0/token`, {
    method: 'POST',
    body: new URLSearchParams({
      client_id: TEST_CLIENT.id,
      client_secret: TEST_CLIENT.secret,
      ...form,
    }),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));

describe('fake identity platform', () => {
  it('redeems a code once, with the PKCE verifier, for tokens and a new refresh token on refresh', async () => {
    const c = await code();
    const redeemed = await token({
      grant_type: 'authorization_code',
      code: c,
      redirect_uri: REDIRECT,
      code_verifier: VERIFIER,
    });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body).toMatchObject({
      token_type: 'Bearer',
      scope: 'openid offline_access https://graph.microsoft.com/User.Read.All',
      expires_in: 3600,
      refresh_token: expect.any(String),
      id_token: expect.any(String),
    });
    const claims = JSON.parse(
      Buffer.from(String(redeemed.body.id_token).split('.')[1] ?? '', 'base64url').toString(),
    );
    expect(claims).toMatchObject({ tid: microsoft.tenant().id, preferred_username: ADMIN });
    const reused = await token({
      grant_type: 'authorization_code',
      code: c,
      redirect_uri: REDIRECT,
      code_verifier: VERIFIER,
    });
    expect(reused.body).toMatchObject({ error: 'invalid_grant', error_codes: [54005] });
    const refreshed = await token({
      grant_type: 'refresh_token',
      refresh_token: String(redeemed.body.refresh_token),
    });
    expect(refreshed.body.refresh_token).not.toBe(redeemed.body.refresh_token);
  });

  it('refuses a wrong verifier, a wrong secret and an expired refresh token with the error body', async () => {
    const wrongVerifier = await token({
      grant_type: 'authorization_code',
      code: await code(),
      redirect_uri: REDIRECT,
      code_verifier: 'x'.repeat(50),
    });
    expect(wrongVerifier.status).toBe(400);
    expect(wrongVerifier.body).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringMatching(
        /^AADSTS501481: .*\r\nTrace ID: .*\r\nCorrelation ID: .*\r\nTimestamp: /,
      ),
      error_codes: [501481],
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ$/),
      trace_id: expect.any(String),
      correlation_id: expect.any(String),
      error_uri: 'https://login.microsoftonline.com/error?code=501481',
    });
    const badSecret = await token({
      grant_type: 'refresh_token',
      refresh_token: 'x',
      client_secret: 'nope',
    });
    expect(badSecret.status).toBe(401);
    expect(badSecret.body.error).toBe('invalid_client');
    const grant = microsoft.issueGrant({ email: ADMIN });
    microsoft.expireTokens();
    const expired = await token({
      grant_type: 'refresh_token',
      refresh_token: grant.refreshToken ?? '',
    });
    expect(expired.body).toMatchObject({ error: 'invalid_grant', error_codes: [700082] });
  });

  it('shows an error page, never a redirect, for an unknown client or redirect URI', async () => {
    const cases: Record<string, string>[] = [
      { client_id: 'someone-else' },
      { redirect_uri: 'https://evil.test/cb' },
    ];
    for (const params of cases) {
      const res = await fetch(authorizeUrl(params), { redirect: 'manual' });
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      expect(await res.text()).toMatch(/AADSTS(700016|50011)/);
    }
  });

  it('redirects with an error when PKCE is missing, and access_denied on Cancel', async () => {
    const res = await fetch(authorizeUrl({ code_challenge_method: 'plain' }), {
      redirect: 'manual',
    });
    expect(new URL(res.headers.get('location') ?? '').searchParams.get('error')).toBe(
      'invalid_request',
    );
    const page = await (await fetch(authorizeUrl({}, microsoft.tenant().domain))).text();
    const interaction = /name="interaction" value="([^"]+)"/.exec(page)?.[1] ?? '';
    const cancel = await fetch(`${microsoft.url}/organizations/login`, {
      method: 'POST',
      body: new URLSearchParams({ interaction, action: 'cancel' }),
      redirect: 'manual',
    });
    const back = new URL(cancel.headers.get('location') ?? '').searchParams;
    expect(back.get('error')).toBe('access_denied');
    expect(back.get('error_description')).toMatch(/^AADSTS65004/);
  });

  it('answers the controls over HTTP', async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${microsoft.url}/__fake/${path}`, { method: 'POST', body: JSON.stringify(body) });
    expect((await post('premium', { premium: false })).status).toBe(200);
    const tenant = await (await fetch(`${microsoft.url}/__fake/tenant`)).json();
    expect(tenant).toMatchObject({ premium: false, domain: 'contoso.test', admins: [ADMIN] });
    expect((await post('revoke-scope', { scope: 'User.Read.All' })).status).toBe(200);
    expect((await post('fail-next', { path: '/v1.0/', status: 503 })).status).toBe(200);
    expect((await post('expire-tokens', {})).status).toBe(200);
    expect((await post('reset', {})).status).toBe(200);
    expect(microsoft.tenant().premium).toBe(true);
  });
});
