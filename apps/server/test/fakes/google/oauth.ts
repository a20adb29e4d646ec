// The fake's OAuth 2.0 server (integrations-reference §1.1): authorize page, token endpoint
// (code with PKCE, refresh), revoke, tokeninfo, and the bearer check of every API call.
// Revoking either token of a grant ends the whole grant, as Google documents for access tokens.
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type Answer, formOf, html, json, redirect } from '../kit/answers';
import { clientCredentials } from '../kit/client-credentials';
import { errorAnswer } from '../kit/errors';
import { consentPage, errorPage } from './consent-page';

export type OAuthClient = { id: string; secret: string; redirectUris: readonly string[] };

/** Who a valid access token speaks for. */
export type Access = { email: string; scopes: ReadonlySet<string>; clientId: string };

export type IssuedGrant = {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date;
  scopes: string[];
};

const GOOGLE_AUTH = 'https://www.googleapis.com/auth/';
export const KNOWN_SCOPES: ReadonlySet<string> = new Set([
  'openid',
  'email',
  'profile',
  ...[
    'admin.directory.user',
    'admin.directory.user.readonly',
    'admin.directory.user.security',
    'admin.directory.device.mobile.readonly',
    'admin.directory.device.chromeos.readonly',
    'admin.directory.orgunit',
    'admin.directory.orgunit.readonly',
    'admin.directory.customer.readonly',
    'admin.directory.domain.readonly',
    'admin.directory.group.readonly',
    'admin.directory.rolemanagement.readonly',
    'admin.reports.audit.readonly',
    'admin.reports.usage.readonly',
    'apps.licensing',
    'cloud-identity.policies',
    'cloud-identity.policies.readonly',
    'drive.metadata.readonly',
    'userinfo.email',
    'userinfo.profile',
  ].map((s) => GOOGLE_AUTH + s),
]);

const DEFAULT_LIFETIME_S = 3599;
const CODE_LIFETIME_MS = 10 * 60_000;

type Pending = {
  clientId: string;
  redirectUri: string;
  state: string | null;
  scopes: string[];
  offline: boolean;
  includeGranted: boolean;
  challenge: { value: string; method: 'S256' | 'plain' } | null;
};
type Code = Pending & { email: string; granted: string[]; expiresAt: number };
type Grant = {
  clientId: string;
  email: string;
  scopes: string[];
  refreshToken: string | null;
  revoked: boolean;
};
type AccessToken = { grant: Grant; expiresAt: number };

const token = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const oauthError = (status: number, error: string, description: string) =>
  errorAnswer(status, { error, error_description: description });

export function createOAuthServer(clients: readonly OAuthClient[]) {
  const pending = new Map<string, Pending>();
  const codes = new Map<string, Code>();
  const refreshTokens = new Map<string, Grant>();
  const accessTokens = new Map<string, AccessToken>();
  /** client + account → scopes granted so far, for include_granted_scopes. */
  const consented = new Map<string, Set<string>>();
  let lifetimeS = DEFAULT_LIFETIME_S;

  const client = (id: string | null) => clients.find((c) => c.id === id);

  const issueAccess = (grant: Grant) => {
    const accessToken = token('ya29.fake-');
    const expiresAt = Date.now() + lifetimeS * 1000;
    accessTokens.set(accessToken, { grant, expiresAt });
    return { accessToken, expiresAt };
  };

  const tokenAnswer = (grant: Grant, withRefresh: boolean) => {
    const { accessToken } = issueAccess(grant);
    return json(200, {
      access_token: accessToken,
      expires_in: lifetimeS,
      ...(withRefresh && grant.refreshToken ? { refresh_token: grant.refreshToken } : {}),
      scope: grant.scopes.join(' '),
      token_type: 'Bearer',
    });
  };

  const newGrant = (clientId: string, email: string, scopes: string[], offline: boolean) => {
    const grant: Grant = {
      clientId,
      email,
      scopes,
      refreshToken: offline ? token('1//fake-') : null,
      revoked: false,
    };
    if (grant.refreshToken) refreshTokens.set(grant.refreshToken, grant);
    return grant;
  };

  function authorize(url: URL): Answer {
    const q = url.searchParams;
    const c = client(q.get('client_id'));
    if (!c) return html(400, errorPage('invalid_client', 'The OAuth client was not found.'));
    const redirectUri = q.get('redirect_uri') ?? '';
    if (!c.redirectUris.includes(redirectUri)) {
      return html(
        400,
        errorPage(
          'redirect_uri_mismatch',
          `You can't sign in to this app because it doesn't comply with Google's OAuth 2.0 policy. redirect_uri=${redirectUri}`,
        ),
      );
    }
    if (q.get('response_type') !== 'code') {
      return html(
        400,
        errorPage(
          'unsupported_response_type',
          `Invalid response_type: ${q.get('response_type') ?? ''}`,
        ),
      );
    }
    const scopes = (q.get('scope') ?? '').split(' ').filter(Boolean);
    if (scopes.length === 0)
      return html(400, errorPage('invalid_request', 'Missing required parameter: scope'));
    const unknown = scopes.filter((s) => !KNOWN_SCOPES.has(s));
    if (unknown.length > 0) {
      return html(
        400,
        errorPage('invalid_scope', `Some requested scopes were invalid: ${unknown.join(' ')}`),
      );
    }
    const challenge = q.get('code_challenge');
    const method = q.get('code_challenge_method') ?? 'plain';
    if (challenge && method !== 'S256' && method !== 'plain') {
      return html(400, errorPage('invalid_request', `Invalid code_challenge_method: ${method}`));
    }
    const interaction = token('');
    pending.set(interaction, {
      clientId: c.id,
      redirectUri,
      state: q.get('state'),
      scopes,
      offline: q.get('access_type') === 'offline',
      includeGranted: q.get('include_granted_scopes') === 'true',
      challenge: challenge ? { value: challenge, method: method as 'S256' | 'plain' } : null,
    });
    return html(
      200,
      consentPage({ interaction, clientId: c.id, loginHint: q.get('login_hint') ?? '', scopes }),
    );
  }

  function approve(req: IncomingMessage, body: string): Answer {
    const form = formOf(req, body);
    const interaction = form.get('interaction') ?? '';
    const p = pending.get(interaction);
    if (!p)
      return html(400, errorPage('invalid_request', 'This sign-in has expired: start again.'));
    const back = new URL(p.redirectUri);
    const withState = () => {
      if (p.state !== null) back.searchParams.set('state', p.state);
      return back.toString();
    };
    if (form.get('action') !== 'allow') {
      pending.delete(interaction);
      back.searchParams.set('error', 'access_denied');
      return redirect(withState());
    }
    const email = (form.get('email') ?? '').trim().toLowerCase();
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
      return html(
        200,
        consentPage({
          interaction,
          clientId: p.clientId,
          loginHint: email,
          scopes: p.scopes,
          error: 'Enter an email address.',
        }),
      );
    }
    pending.delete(interaction);
    const checked = form.getAll('scope').filter((s) => p.scopes.includes(s));
    const key = `${p.clientId} ${email}`;
    const granted = new Set([...(p.includeGranted ? (consented.get(key) ?? []) : []), ...checked]);
    consented.set(key, new Set([...(consented.get(key) ?? []), ...checked]));
    const code = token('4/fake-');
    codes.set(code, {
      ...p,
      email,
      granted: [...granted],
      expiresAt: Date.now() + CODE_LIFETIME_MS,
    });
    back.searchParams.set('code', code);
    back.searchParams.set('scope', [...granted].join(' '));
    back.searchParams.set('authuser', '0');
    back.searchParams.set('prompt', 'consent');
    return redirect(withState());
  }

  /** The client the request authenticates as (HTTP Basic or form fields), or the error. */
  function clientOf(req: IncomingMessage, form: URLSearchParams): OAuthClient | Answer {
    const { id, secret } = clientCredentials(req, form);
    const c = client(id);
    if (!c) return oauthError(401, 'invalid_client', 'The OAuth client was not found.');
    if (c.secret !== secret) return oauthError(401, 'invalid_client', 'Unauthorized');
    return c;
  }

  function exchange(c: OAuthClient, form: URLSearchParams): Answer {
    const codeValue = form.get('code');
    if (!codeValue) return oauthError(400, 'invalid_request', 'Missing required parameter: code');
    const redirectUri = form.get('redirect_uri');
    if (!redirectUri) return oauthError(400, 'invalid_request', 'Missing parameter: redirect_uri');
    const code = codes.get(codeValue);
    codes.delete(codeValue); // single use, whatever happens next
    if (!code || code.clientId !== c.id || code.expiresAt < Date.now()) {
      return oauthError(400, 'invalid_grant', 'Bad Request');
    }
    if (code.redirectUri !== redirectUri) {
      return oauthError(400, 'redirect_uri_mismatch', 'Bad Request');
    }
    if (code.challenge) {
      const verifier = form.get('code_verifier');
      if (!verifier) return oauthError(400, 'invalid_grant', 'Missing code verifier.');
      const expected = code.challenge.method === 'S256' ? s256(verifier) : verifier;
      if (expected !== code.challenge.value) {
        return oauthError(400, 'invalid_grant', 'Invalid code verifier.');
      }
    }
    return tokenAnswer(newGrant(c.id, code.email, code.granted, code.offline), true);
  }

  function refresh(c: OAuthClient, form: URLSearchParams): Answer {
    const value = form.get('refresh_token');
    if (!value)
      return oauthError(400, 'invalid_request', 'Missing required parameter: refresh_token');
    const grant = refreshTokens.get(value);
    if (!grant || grant.revoked || grant.clientId !== c.id) {
      return oauthError(400, 'invalid_grant', 'Token has been expired or revoked.');
    }
    return tokenAnswer(grant, false);
  }

  function tokenEndpoint(req: IncomingMessage, body: string): Answer {
    const form = formOf(req, body);
    const c = clientOf(req, form);
    if (!('secret' in c)) return c;
    const grantType = form.get('grant_type') ?? '';
    if (grantType === 'authorization_code') return exchange(c, form);
    if (grantType === 'refresh_token') return refresh(c, form);
    return oauthError(400, 'unsupported_grant_type', `Invalid grant_type: ${grantType}`);
  }

  const grantOf = (value: string) => refreshTokens.get(value) ?? accessTokens.get(value)?.grant;

  function revoke(req: IncomingMessage, url: URL, body: string): Answer {
    const value = formOf(req, body).get('token') ?? url.searchParams.get('token') ?? '';
    const grant = grantOf(value);
    if (!grant || grant.revoked)
      return oauthError(400, 'invalid_token', 'Token expired or revoked');
    grant.revoked = true;
    return json(200, {});
  }

  /** The valid access token of an `Authorization: Bearer` header. */
  function authenticate(header: string | undefined): { token: string; access: Access } | null {
    const value = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
    const found = value ? accessTokens.get(value) : undefined;
    if (!value || !found || found.grant.revoked || found.expiresAt <= Date.now()) return null;
    const { grant } = found;
    return {
      token: value,
      access: { email: grant.email, scopes: new Set(grant.scopes), clientId: grant.clientId },
    };
  }

  function tokenInfo(url: URL): Answer {
    const found = authenticate(`Bearer ${url.searchParams.get('access_token') ?? ''}`);
    const entry = found ? accessTokens.get(found.token) : undefined;
    if (!found || !entry) return oauthError(400, 'invalid_token', 'Invalid Value');
    const seconds = Math.floor((entry.expiresAt - Date.now()) / 1000);
    return json(200, {
      azp: found.access.clientId,
      aud: found.access.clientId,
      scope: [...found.access.scopes].join(' '),
      exp: String(Math.floor(entry.expiresAt / 1000)),
      expires_in: String(seconds),
      email: found.access.email,
      email_verified: 'true',
      access_type: entry.grant.refreshToken ? 'offline' : 'online',
    });
  }

  return {
    authorize,
    approve,
    tokenEndpoint,
    revoke,
    tokenInfo,
    authenticate,
    /** A grant as if `email` had consented to `scopes` (tests that skip the browser). */
    issueGrant(p: {
      email: string;
      scopes: readonly string[];
      clientId?: string;
      offline?: boolean;
    }): IssuedGrant {
      const clientId = p.clientId ?? clients[0]?.id ?? 'fake-client';
      const grant = newGrant(clientId, p.email.toLowerCase(), [...p.scopes], p.offline ?? true);
      const { accessToken, expiresAt } = issueAccess(grant);
      return {
        accessToken,
        refreshToken: grant.refreshToken,
        expiresAt: new Date(expiresAt),
        scopes: [...grant.scopes],
      };
    },
    /** Every grant revoked: refreshing gives invalid_grant, API calls 401. */
    revokeAll() {
      for (const grant of refreshTokens.values()) grant.revoked = true;
      for (const t of accessTokens.values()) t.grant.revoked = true;
      consented.clear();
    },
    /** Lifetime of access tokens issued from now on; null restores 3599 s. */
    setAccessTokenLifetime(seconds: number | null) {
      lifetimeS = seconds ?? DEFAULT_LIFETIME_S;
    },
    /** Every access token issued so far expires now (their grants stay valid). */
    expireAccessTokens() {
      for (const t of accessTokens.values()) t.expiresAt = 0;
    },
  };
}

export type OAuthServer = ReturnType<typeof createOAuthServer>;
