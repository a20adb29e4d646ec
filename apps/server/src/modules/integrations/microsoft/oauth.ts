// The Microsoft identity platform's authorization-code flow (integrations-reference §2.1): the
// authorize URL, the code exchange and refresh. The client authenticates with form fields.
import { bearerTokenAnswer, formPost } from '../kit/oauth-form';
import type { PauseGate } from '../kit/pause-gate';
import type { OAuthGrant } from '../kit/token-session';
import { type MicrosoftClientConfig, microsoftUrl } from './client-config';
import { MicrosoftApiError, tokenAnswerFailure } from './microsoft-api-error';
import { DEFAULT_RETRY, microsoftHttp, type RetryPolicy } from './microsoft-http';
import { M365_SCOPES } from './scopes';

export type MicrosoftGrant = OAuthGrant;

const tenantPath = (tenant: string, step: 'authorize' | 'token') =>
  `/${encodeURIComponent(tenant)}/oauth2/v2.0/${step}`;

export function microsoftAuthorizeUrl(
  cfg: MicrosoftClientConfig,
  p: { tenant: string; state: string; codeChallenge: string; loginHint?: string },
): string {
  return microsoftUrl(cfg, 'login', tenantPath(p.tenant, 'authorize'), {
    client_id: cfg.clientId,
    response_type: 'code',
    redirect_uri: cfg.redirectUri,
    response_mode: 'query',
    scope: M365_SCOPES.join(' '),
    state: p.state,
    code_challenge: p.codeChallenge,
    code_challenge_method: 'S256',
    // The permissions are admin-restricted: the consent screen must offer an administrator to
    // consent for the whole organisation.
    prompt: 'consent',
    login_hint: p.loginHint,
  }).toString();
}

/** The token endpoint's answer to `form` (with the client's own fields), tried as `retry` says. */
function postToken(
  cfg: MicrosoftClientConfig,
  where: string,
  tenant: string,
  form: Record<string, string>,
  options: { retry: RetryPolicy; gate?: PauseGate | undefined; signal?: AbortSignal | undefined },
): Promise<unknown> {
  return microsoftHttp(cfg, options.retry, options.gate).send(
    where,
    microsoftUrl(cfg, 'login', tenantPath(tenant, 'token')),
    formPost({
      client_id: cfg.clientId,
      client_secret: cfg.clientSecret,
      scope: M365_SCOPES.join(' '),
      ...form,
    }),
    tokenAnswerFailure,
    { signal: options.signal },
  );
}

function grantOf(where: string, body: unknown, fallback: MicrosoftGrant | null): MicrosoftGrant {
  const parsed = bearerTokenAnswer.safeParse(body);
  if (!parsed.success) throw new MicrosoftApiError('failed', `${where}: unexpected answer`, 200);
  const t = parsed.data;
  const scopes = (t.scope ?? '').split(' ').filter(Boolean);
  return {
    accessToken: t.access_token,
    refreshToken: t.refresh_token ?? fallback?.refreshToken ?? null,
    expiresAt: new Date(Date.now() + t.expires_in * 1000),
    scopes: scopes.length > 0 ? scopes : (fallback?.scopes ?? []),
  };
}

/** Redeems the callback's code. Not retried: a code works once, a repeat would be refused. */
export async function exchangeMicrosoftCode(
  cfg: MicrosoftClientConfig,
  p: { tenant: string; code: string; verifier: string },
  signal?: AbortSignal,
): Promise<MicrosoftGrant> {
  const where = 'Microsoft code exchange';
  const form = {
    grant_type: 'authorization_code',
    code: p.code,
    redirect_uri: cfg.redirectUri,
    code_verifier: p.verifier,
  };
  const once = { ...DEFAULT_RETRY, attempts: 1 };
  const body = await postToken(cfg, where, p.tenant, form, { retry: once, signal });
  return grantOf(where, body, null);
}

/** A new access token and a new refresh token (Microsoft sends one each time: keep it). */
export async function refreshMicrosoftToken(
  cfg: MicrosoftClientConfig,
  p: {
    tenant: string;
    refreshToken: string;
    retry?: RetryPolicy;
    scopes?: string[];
    gate?: PauseGate | undefined;
  },
  signal?: AbortSignal,
): Promise<MicrosoftGrant> {
  const where = 'Microsoft token refresh';
  const form = { grant_type: 'refresh_token', refresh_token: p.refreshToken };
  const body = await postToken(cfg, where, p.tenant, form, {
    retry: p.retry ?? DEFAULT_RETRY,
    gate: p.gate,
    signal,
  });
  return grantOf(where, body, {
    accessToken: '',
    refreshToken: p.refreshToken,
    expiresAt: new Date(0),
    scopes: p.scopes ?? [],
  });
}
