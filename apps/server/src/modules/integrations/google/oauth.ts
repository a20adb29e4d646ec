// Google's OAuth 2.0 web-server flow (integrations-reference §1.1): the authorize URL, the code
// exchange, refresh and revoke. The client authenticates with client_id/client_secret form fields.
import { bearerTokenAnswer, formPost } from '../kit/oauth-form';
import type { PauseGate } from '../kit/pause-gate';
import type { OAuthGrant } from '../kit/token-session';
import { GoogleApiError, tokenAnswerFailure } from './google-api-error';
import { type GoogleClientConfig, googleUrl } from './google-client-config';
import { DEFAULT_RETRY, googleHttp, type RetryPolicy } from './google-http';
import { GOOGLE_REQUESTED_SCOPES } from './scopes';

export type GoogleGrant = OAuthGrant;

export function googleAuthorizeUrl(
  cfg: GoogleClientConfig,
  p: { state: string; codeChallenge: string; loginHint?: string },
): string {
  return googleUrl(cfg, 'accounts', '/o/oauth2/v2/auth', {
    client_id: cfg.clientId,
    redirect_uri: cfg.redirectUri,
    response_type: 'code',
    scope: GOOGLE_REQUESTED_SCOPES.join(' '),
    state: p.state,
    // offline + consent: a refresh token every time, also on re-connect.
    access_type: 'offline',
    prompt: 'consent',
    include_granted_scopes: 'true',
    code_challenge: p.codeChallenge,
    code_challenge_method: 'S256',
    login_hint: p.loginHint,
  }).toString();
}

function postForm(
  cfg: GoogleClientConfig,
  where: string,
  path: string,
  form: Record<string, string>,
  options: { retry: RetryPolicy; gate?: PauseGate | undefined; signal?: AbortSignal | undefined },
) {
  return googleHttp(cfg, options.retry, options.gate).send(
    where,
    googleUrl(cfg, 'oauth2', path),
    formPost(form),
    tokenAnswerFailure,
    { signal: options.signal },
  );
}

function grantOf(where: string, body: unknown, refreshToken: string | null): GoogleGrant {
  const parsed = bearerTokenAnswer.safeParse(body);
  if (!parsed.success) throw new GoogleApiError('failed', `${where}: unexpected answer`, 200);
  const t = parsed.data;
  return {
    accessToken: t.access_token,
    refreshToken: t.refresh_token ?? refreshToken,
    expiresAt: new Date(Date.now() + t.expires_in * 1000),
    scopes: (t.scope ?? '').split(' ').filter(Boolean),
  };
}

/** Exchanges the callback's code. Not retried: a code works once. */
export async function exchangeGoogleCode(
  cfg: GoogleClientConfig,
  code: string,
  codeVerifier: string,
): Promise<GoogleGrant> {
  const where = 'Google code exchange';
  const form = {
    grant_type: 'authorization_code',
    code,
    code_verifier: codeVerifier,
    redirect_uri: cfg.redirectUri,
    client_id: cfg.clientId,
    client_secret: cfg.clientSecret,
  };
  const body = await postForm(cfg, where, '/token', form, {
    retry: { ...DEFAULT_RETRY, attempts: 1 },
  });
  return grantOf(where, body, null);
}

/** A new access token; the refresh token stays the same unless Google sends a new one. */
export async function refreshGoogleToken(
  cfg: GoogleClientConfig,
  refreshToken: string,
  options: { retry?: RetryPolicy; gate?: PauseGate; signal?: AbortSignal } = {},
): Promise<GoogleGrant> {
  const where = 'Google token refresh';
  const form = {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: cfg.clientId,
    client_secret: cfg.clientSecret,
  };
  const body = await postForm(cfg, where, '/token', form, {
    ...options,
    retry: options.retry ?? DEFAULT_RETRY,
  });
  return grantOf(where, body, refreshToken);
}

/**
 * Revokes the grant the token belongs to (either token ends both at Google). A token Google
 * already considers expired or revoked counts as done; other failures throw GoogleApiError.
 */
export async function revokeGoogleToken(
  cfg: GoogleClientConfig,
  token: string,
  options: { retry?: RetryPolicy } = {},
): Promise<void> {
  const where = 'Google token revocation';
  try {
    await postForm(cfg, where, '/revoke', { token }, { retry: options.retry ?? DEFAULT_RETRY });
  } catch (err) {
    if (err instanceof GoogleApiError && err.kind === 'invalid_token') return;
    throw err;
  }
}
