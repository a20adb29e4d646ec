import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGoogle, startFakeGoogle } from '../../../../test/fakes/google/fake-google';
import { FAKE_REDIRECT_URI, fakeGoogleConfig } from '../../../../test/google-api-session';
import {
  exchangeGoogleCode,
  GOOGLE_REQUESTED_SCOPES,
  GOOGLE_WORKSPACE_SCOPES,
  type GoogleApiError,
  type GoogleClientConfig,
  googleAuthorizeUrl,
  grantsScope,
  missingScopes,
  refreshGoogleToken,
  revokeGoogleToken,
} from '.';

const ADMIN = 'ada.admin@acme.test';
const VERIFIER = 'verifier-0123456789-0123456789-0123456789-0123456789';
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');
const FAST = { retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 2, maxRetryAfterMs: 1000 } };

let google: FakeGoogle;
let cfg: GoogleClientConfig;
beforeAll(async () => {
  google = await startFakeGoogle({
    redirectUris: [FAKE_REDIRECT_URI],
    workspace: { domain: 'acme.test', users: [{ email: ADMIN, isAdmin: true }] },
  });
  cfg = fakeGoogleConfig(google);
});
afterAll(() => google.close());

/** Follows the authorize URL through the fake's consent form; returns the callback's query. */
async function connect(
  url: string,
  { uncheck = [], email = ADMIN }: { uncheck?: string[]; email?: string } = {},
): Promise<URLSearchParams> {
  const page = await (await fetch(url)).text();
  const interaction = /name="interaction" value="([^"]+)"/.exec(page)?.[1] ?? '';
  const scopes = [...page.matchAll(/name="scope" value="([^"]+)"/g)].map((m) => m[1] ?? '');
  const form = new URLSearchParams({ interaction, email, action: 'allow' });
  for (const s of scopes.filter((s) => !uncheck.includes(s))) form.append('scope', s);
  const res = await fetch(new URL('/o/oauth2/v2/auth/approve', google.url), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  return new URL(res.headers.get('location') ?? '').searchParams;
}

const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: GoogleApiError) => ({ kind: err.kind, httpStatus: err.httpStatus, name: err.name }),
  );

describe('Google OAuth client', () => {
  it('builds the authorize URL on Google’s host, or on the base URL with the same path', () => {
    const real = new URL(
      googleAuthorizeUrl(
        { ...cfg, baseUrl: null },
        { state: 's', codeChallenge: CHALLENGE, loginHint: ADMIN },
      ),
    );
    expect(`${real.origin}${real.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(real.searchParams)).toEqual({
      client_id: cfg.clientId,
      redirect_uri: FAKE_REDIRECT_URI,
      response_type: 'code',
      scope: GOOGLE_REQUESTED_SCOPES.join(' '),
      state: 's',
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: 'true',
      code_challenge: CHALLENGE,
      code_challenge_method: 'S256',
      login_hint: ADMIN,
    });
    const local = new URL(googleAuthorizeUrl(cfg, { state: 's', codeChallenge: CHALLENGE }));
    expect(`${local.origin}${local.pathname}`).toBe(`${google.url}/o/oauth2/v2/auth`);
    expect(local.searchParams.has('login_hint')).toBe(false);
  });

  it('connects end to end: consent, code exchange with PKCE, a grant of every scope', async () => {
    const back = await connect(googleAuthorizeUrl(cfg, { state: 'st', codeChallenge: CHALLENGE }));
    expect(back.get('state')).toBe('st');
    const before = Date.now();
    const grant = await exchangeGoogleCode(cfg, back.get('code') ?? '', VERIFIER);
    expect(grant.accessToken).toEqual(expect.any(String));
    expect(grant.refreshToken).toEqual(expect.any(String));
    expect(grant.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 3_599_000);
    expect(grant.scopes.sort()).toEqual([...GOOGLE_REQUESTED_SCOPES].sort());
    expect(missingScopes(grant.scopes)).toEqual([]);
  });

  it('reports the scopes the admin unticked as missing', async () => {
    const dropped = GOOGLE_WORKSPACE_SCOPES[3] ?? '';
    // Another account: with include_granted_scopes, what ADMIN granted before would still count.
    const back = await connect(googleAuthorizeUrl(cfg, { state: 'st', codeChallenge: CHALLENGE }), {
      uncheck: [dropped],
      email: 'other.admin@acme.test',
    });
    const grant = await exchangeGoogleCode(cfg, back.get('code') ?? '', VERIFIER);
    expect(missingScopes(grant.scopes)).toEqual([dropped]);
  });

  it('connects without an optional scope the admin unticked: it is not missing', async () => {
    const required: readonly string[] = GOOGLE_WORKSPACE_SCOPES;
    const optional = GOOGLE_REQUESTED_SCOPES.filter((s) => !required.includes(s));
    expect(optional.length).toBeGreaterThan(0);
    const back = await connect(googleAuthorizeUrl(cfg, { state: 'st', codeChallenge: CHALLENGE }), {
      uncheck: optional,
      email: 'third.admin@acme.test',
    });
    const grant = await exchangeGoogleCode(cfg, back.get('code') ?? '', VERIFIER);
    expect(missingScopes(grant.scopes)).toEqual([]);
    for (const scope of optional) expect(grantsScope(grant.scopes, scope)).toBe(false);
  });

  it('counts a broader scope as covering its read-only form', () => {
    const broad = GOOGLE_WORKSPACE_SCOPES.map((s) => s.replace(/\.readonly$/, ''));
    expect(missingScopes(broad)).toEqual([]);
    expect(missingScopes([])).toEqual(GOOGLE_WORKSPACE_SCOPES);
  });

  it('maps a used code to invalid_token and a wrong client secret to failed', async () => {
    const back = await connect(googleAuthorizeUrl(cfg, { state: 'st', codeChallenge: CHALLENGE }));
    const code = back.get('code') ?? '';
    await exchangeGoogleCode(cfg, code, VERIFIER);
    expect(await failureOf(exchangeGoogleCode(cfg, code, VERIFIER))).toEqual({
      kind: 'invalid_token',
      httpStatus: 400,
      name: 'GoogleApiError',
    });
    const grant = google.issueGrant({ email: ADMIN });
    expect(
      await failureOf(
        refreshGoogleToken({ ...cfg, clientSecret: 'wrong' }, grant.refreshToken ?? ''),
      ),
    ).toMatchObject({ kind: 'failed', httpStatus: 401 });
  });

  it('refreshes into a new access token and keeps the refresh token', async () => {
    const grant = google.issueGrant({ email: ADMIN });
    const fresh = await refreshGoogleToken(cfg, grant.refreshToken ?? '', FAST);
    expect(fresh.accessToken).not.toBe(grant.accessToken);
    expect(fresh.refreshToken).toBe(grant.refreshToken);
    expect(fresh.scopes.sort()).toEqual([...grant.scopes].sort());
  });

  it('retries the token endpoint on 503, then gives unavailable', async () => {
    const grant = google.issueGrant({ email: ADMIN });
    google.failNext('/token', 503);
    await expect(refreshGoogleToken(cfg, grant.refreshToken ?? '', FAST)).resolves.toBeTruthy();
    google.failNext('/token', 503, { times: 3 });
    expect(await failureOf(refreshGoogleToken(cfg, grant.refreshToken ?? '', FAST))).toMatchObject({
      kind: 'unavailable',
      httpStatus: 503,
    });
  });

  it('revokes the grant; revoking it again is no error; refreshing then gives invalid_token', async () => {
    const grant = google.issueGrant({ email: ADMIN });
    await revokeGoogleToken(cfg, grant.refreshToken ?? '', FAST);
    await revokeGoogleToken(cfg, grant.accessToken, FAST);
    expect(await failureOf(refreshGoogleToken(cfg, grant.refreshToken ?? '', FAST))).toMatchObject({
      kind: 'invalid_token',
    });
  });

  it('gives unavailable with no HTTP status when nothing answers', async () => {
    const closed = await startFakeGoogle();
    await closed.close();
    expect(
      await failureOf(refreshGoogleToken({ ...cfg, baseUrl: closed.url }, 'x', FAST)),
    ).toMatchObject({ kind: 'unavailable', httpStatus: null });
  });
});
