// Google's OAuth 2.0 web-server flow (integrations-reference §1.1): the authorize URL, the code
// exchange, refresh and revoke. The client authenticates with client_id/client_secret form fields.
import { bearerTokenAnswer, formPost } from '../oauth-form';
import { fetchGoogle } from './fetch-google';
import { GoogleApiError, tokenEndpointFailure } from './google-api-error';
import { DEFAULT_TIMEOUT_MS, type GoogleClientConfig, googleUrl } from './google-client-config';
import { DEFAULT_RETRY, type RetryPolicy, withRetries } from './retry';
import { GOOGLE_WORKSPACE_SCOPES } from './scopes';

export type GoogleGrant = {
  accessToken: string;
  /** Null when Google gave none (the grant then ends with its access token). */
  refreshToken: string | null;
  expiresAt: Date;
  scopes: string[];
};

export function googleAuthorizeUrl(
  cfg: GoogleClientConfig,
  p: { state: string; codeChallenge: string; loginHint?: string },
): string {
  return googleUrl(cfg, 'accounts', '/o/oauth2/v2/auth', {
    client_id: cfg.clientId,
    redirect_uri: cfg.redirectUri,
    response_type: 'code',
    scope: GOOGLE_WORKSPACE_SCOPES.join(' '),
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

async function postForm(
  cfg: GoogleClientConfig,
  where: string,
  path: string,
  form: Record<string, string>,
  signal?: AbortSignal,
) {
  const answer = await fetchGoogle(
    where,
    googleUrl(cfg, 'oauth2', path),
    formPost(form),
    cfg.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    signal,
  );
  if (answer.status < 200 || answer.status > 299) {
    throw tokenEndpointFailure(where, answer.status, answer.body, answer.headers);
  }
  return answer.body;
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
  const body = await withRetries(
    () =>
      postForm(cfg, where, '/token', {
        grant_type: 'authorization_code',
        code,
        code_verifier: codeVerifier,
        redirect_uri: cfg.redirectUri,
        client_id: cfg.clientId,
        client_secret: cfg.clientSecret,
      }),
    { ...DEFAULT_RETRY, attempts: 1 },
  );
  return grantOf(where, body, null);
}

/** A new access token; the refresh token stays the same unless Google sends a new one. */
export async function refreshGoogleToken(
  cfg: GoogleClientConfig,
  refreshToken: string,
  options: { retry?: RetryPolicy; signal?: AbortSignal } = {},
): Promise<GoogleGrant> {
  const where = 'Google token refresh';
  const body = await withRetries(
    () =>
      postForm(
        cfg,
        where,
        '/token',
        {
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
          client_id: cfg.clientId,
          client_secret: cfg.clientSecret,
        },
        options.signal,
      ),
    options.retry ?? DEFAULT_RETRY,
    options.signal,
  );
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
    await withRetries(
      () => postForm(cfg, where, '/revoke', { token }),
      options.retry ?? DEFAULT_RETRY,
    );
  } catch (err) {
    if (err instanceof GoogleApiError && err.kind === 'invalid_token') return;
    throw err;
  }
}
