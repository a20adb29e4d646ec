import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_CLIENT } from '../test-client';
import { type FakeGoogle, startFakeGoogle } from './fake-google';

const REDIRECT = 'https://app.castellan.test/api/google/integrate/callback';
const AUTH = 'https://www.googleapis.com/auth/';
const USERS = `${AUTH}admin.directory.user.readonly`;
const AUDIT = `${AUTH}admin.reports.audit.readonly`;
const ADMIN = 'ada.admin@acme.test';
const VERIFIER = 'a-verifier-of-at-least-forty-three-characters-000000';
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');

let google: FakeGoogle;
beforeAll(async () => {
  google = await startFakeGoogle({
    redirectUris: [REDIRECT],
    workspace: { domain: 'acme.test', users: [{ email: ADMIN, isAdmin: true }] },
  });
});
afterAll(() => google.close());

function authorizeUrl(params: Record<string, string> = {}) {
  const url = new URL('/o/oauth2/v2/auth', google.url);
  const all = {
    client_id: TEST_CLIENT.id,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: `${USERS} ${AUDIT}`,
    state: 'st-1',
    access_type: 'offline',
    prompt: 'consent',
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
    login_hint: ADMIN,
    ...params,
  };
  for (const [k, v] of Object.entries(all)) url.searchParams.set(k, v);
  return url;
}

/** Opens the consent page and submits it as a browser would; returns the redirect. */
async function consent(
  form: { email?: string; scopes?: string[]; action?: 'allow' | 'cancel' } = {},
  params: Record<string, string> = {},
): Promise<URL> {
  const page = await (await fetch(authorizeUrl(params))).text();
  const interaction = /name="interaction" value="([^"]+)"/.exec(page)?.[1] ?? '';
  const body = new URLSearchParams({
    interaction,
    email: form.email ?? ADMIN,
    action: form.action ?? 'allow',
  });
  for (const s of form.scopes ?? [USERS, AUDIT]) body.append('scope', s);
  const res = await fetch(new URL('/o/oauth2/v2/auth/approve', google.url), {
    method: 'POST',
    body,
    redirect: 'manual',
  });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location') ?? '');
}

async function token(fields: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await fetch(new URL('/token', google.url), {
    method: 'POST',
    headers,
    body: new URLSearchParams(fields),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const exchange = (code: string, extra: Record<string, string> = {}) =>
  token({
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT,
    client_id: TEST_CLIENT.id,
    client_secret: TEST_CLIENT.secret,
    code_verifier: VERIFIER,
    ...extra,
  });

const refresh = (refreshToken: string) =>
  token({
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: TEST_CLIENT.id,
    client_secret: TEST_CLIENT.secret,
  });

const listUsers = (accessToken: string) =>
  fetch(new URL('/admin/directory/v1/users?customer=my_customer', google.url), {
    headers: { authorization: `Bearer ${accessToken}` },
  });

beforeEach(() => {
  google.setAccessTokenLifetime(null);
});

describe('fake Google: authorize page', () => {
  it('shows a sign-in form with the login hint and one checked box per scope', async () => {
    const res = await fetch(authorizeUrl());
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain('Sign in to the fake Google');
    expect(page).toMatch(new RegExp(`name="email" value="${ADMIN}"`));
    expect(page.match(/type="checkbox" name="scope"/g)).toHaveLength(2);
    expect(page).toMatch(/<button[^>]*value="allow"[^>]*>Allow</);
    expect(page).toMatch(/<button[^>]*value="cancel"[^>]*>Cancel</);
  });

  it.each([
    ['an unknown client', { client_id: 'someone-else' }, 'invalid_client'],
    ['an unregistered redirect URI', { redirect_uri: `${REDIRECT}/` }, 'redirect_uri_mismatch'],
    ['an unknown scope', { scope: `${AUTH}admin.directory.user.readonlyy` }, 'invalid_scope'],
  ])('refuses %s with an HTML 400 page', async (_, params, error) => {
    const res = await fetch(authorizeUrl(params));
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain(`Error 400: ${error}`);
  });

  it('redirects with code, the granted scopes and state on Allow', async () => {
    const back = await consent({ scopes: [USERS] });
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('code')).toBeTruthy();
    expect(back.searchParams.get('scope')).toBe(USERS);
    expect(back.searchParams.get('state')).toBe('st-1');
  });

  it('redirects with error=access_denied and state on Cancel', async () => {
    const back = await consent({ action: 'cancel' });
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('st-1');
    expect(back.searchParams.has('code')).toBe(false);
  });

  it('adds the scopes granted before with include_granted_scopes=true', async () => {
    const email = 'incremental@acme.test';
    await consent({ email, scopes: [USERS] });
    const back = await consent(
      { email, scopes: [AUDIT] },
      { scope: AUDIT, include_granted_scopes: 'true' },
    );
    expect(back.searchParams.get('scope')?.split(' ').sort()).toEqual([AUDIT, USERS].sort());
  });
});

describe('fake Google: token endpoint', () => {
  it('exchanges a code once, with the PKCE verifier, for tokens of the granted scopes', async () => {
    const code = (await consent({ scopes: [USERS] })).searchParams.get('code') ?? '';
    const first = await exchange(code);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ expires_in: 3599, scope: USERS, token_type: 'Bearer' });
    expect(first.body.access_token).toEqual(expect.any(String));
    expect(first.body.refresh_token).toEqual(expect.any(String));
    expect((await listUsers(String(first.body.access_token))).status).toBe(200);

    const again = await exchange(code);
    expect(again).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Bad Request' },
    });
  });

  it('gives no refresh token without access_type=offline', async () => {
    const code = (await consent({}, { access_type: 'online' })).searchParams.get('code') ?? '';
    const res = await exchange(code);
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('refresh_token');
  });

  it('refuses a wrong or missing code verifier', async () => {
    const wrong = (await consent()).searchParams.get('code') ?? '';
    expect(await exchange(wrong, { code_verifier: `${VERIFIER}x` })).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });
    const missing = (await consent()).searchParams.get('code') ?? '';
    const res = await token({
      grant_type: 'authorization_code',
      code: missing,
      redirect_uri: REDIRECT,
      client_id: TEST_CLIENT.id,
      client_secret: TEST_CLIENT.secret,
    });
    expect(res).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('refuses a redirect URI other than the authorize request’s', async () => {
    const code = (await consent()).searchParams.get('code') ?? '';
    expect(await exchange(code, { redirect_uri: 'https://elsewhere.test/cb' })).toMatchObject({
      status: 400,
      body: { error: 'redirect_uri_mismatch' },
    });
  });

  it('authenticates the client by HTTP Basic too, and refuses a wrong secret with 401', async () => {
    const code = (await consent()).searchParams.get('code') ?? '';
    const basic = Buffer.from(`${TEST_CLIENT.id}:${TEST_CLIENT.secret}`).toString('base64');
    const ok = await token(
      { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: VERIFIER },
      { authorization: `Basic ${basic}` },
    );
    expect(ok.status).toBe(200);
    const bad = await token({
      grant_type: 'refresh_token',
      refresh_token: 'x',
      client_id: TEST_CLIENT.id,
      client_secret: 'nope',
    });
    expect(bad).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
  });

  it('refreshes into a new access token without a new refresh token', async () => {
    const grant = google.issueGrant({ email: ADMIN, scopes: [USERS] });
    const res = await refresh(grant.refreshToken ?? '');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ scope: USERS, token_type: 'Bearer' });
    expect(res.body).not.toHaveProperty('refresh_token');
    expect(res.body.access_token).not.toBe(grant.accessToken);
  });

  it('answers invalid_grant "Token has been expired or revoked." after revokeAll()', async () => {
    const grant = google.issueGrant({ email: ADMIN, scopes: [USERS] });
    google.revokeAll();
    expect(await refresh(grant.refreshToken ?? '')).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' },
    });
    expect((await listUsers(grant.accessToken)).status).toBe(401);
  });

  it('issues access tokens that expire at once when told to', async () => {
    google.setAccessTokenLifetime(0);
    const grant = google.issueGrant({ email: ADMIN, scopes: [USERS] });
    expect((await listUsers(grant.accessToken)).status).toBe(401);
  });
});

describe('fake Google: revoke', () => {
  const revoke = (value: string) =>
    fetch(new URL('/revoke', google.url), {
      method: 'POST',
      body: new URLSearchParams({ token: value }),
    });

  it('revoking a refresh token ends its access tokens too', async () => {
    const grant = google.issueGrant({ email: ADMIN, scopes: [USERS] });
    const res = await revoke(grant.refreshToken ?? '');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    expect((await listUsers(grant.accessToken)).status).toBe(401);
    expect((await refresh(grant.refreshToken ?? '')).body.error).toBe('invalid_grant');
  });

  it('answers 400 invalid_token for a token it does not know (or already revoked)', async () => {
    const res = await revoke('never-issued');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'invalid_token',
      error_description: 'Token expired or revoked',
    });
  });
});
