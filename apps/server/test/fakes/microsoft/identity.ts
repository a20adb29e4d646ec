// The fake identity platform (integrations-reference §2.1): the authorize page with its consent
// form, the token endpoint (code with PKCE S256, refresh with a new refresh token each time) and
// the bearer check of Graph calls.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type Answer, formOf, html, redirect } from '../kit/answers';
import { clientCredentials } from '../kit/client-credentials';
import { consentPage, errorPage } from './consent-page';
import { GRAPH } from './graph-endpoint';
import { missingParameter, oauthError } from './identity-errors';
import { findUser, type Tenant } from './tenant';

export type IdentityClient = { id: string; secret: string; redirectUris: readonly string[] };

export const OIDC_SCOPES = ['openid', 'profile', 'offline_access', 'email'];
/** Graph permissions a user can only grant for the organisation if an administrator. */
const ADMIN_RESTRICTED = new Set(
  [
    'User.Read.All',
    'AuditLog.Read.All',
    'Policy.Read.All',
    'Directory.Read.All',
    'Reports.Read.All',
    'Organization.Read.All',
    'RoleManagement.Read.Directory',
    'DeviceManagementManagedDevices.Read.All',
  ].map((s) => GRAPH + s),
);
const KNOWN_GRAPH = new Set([...ADMIN_RESTRICTED, `${GRAPH}User.Read`]);
const CODE_LIFETIME_MS = 10 * 60_000;

/** Full Graph scope names: `User.Read.All` → `https://graph.microsoft.com/User.Read.All`. */
export const fullScope = (scope: string) =>
  OIDC_SCOPES.includes(scope) || scope.startsWith('https://') ? scope : GRAPH + scope;

type Interaction = {
  clientId: string;
  redirectUri: string;
  state: string | null;
  scopes: string[];
  challenge: string;
  path: string;
};
type Code = {
  clientId: string;
  redirectUri: string;
  challenge: string;
  grant: Grant;
  expiresAt: number;
  used: boolean;
};
type Grant = { clientId: string; userId: string; upn: string; scopes: string[] };
type Token = { grant: Grant; expiresAt: number; expired: boolean };

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export function createIdentity(options: {
  clients: readonly IdentityClient[];
  tenant: () => Tenant;
  revokedScopes: ReadonlySet<string>;
  accessTokenLifetimeS: number;
}) {
  const interactions = new Map<string, Interaction>();
  const codes = new Map<string, Code>();
  const accessTokens = new Map<string, Token>();
  const refreshTokens = new Map<string, Token>();
  /** client id → Graph scopes an administrator consented to for the whole organisation. */
  const orgConsent = new Map<string, Set<string>>();

  const client = (id: string | null) => options.clients.find((c) => c.id === id);
  const knowsTenant = (name: string) => {
    const t = options.tenant();
    return (
      ['organizations', 'common'].includes(name) || name === t.id || name.toLowerCase() === t.domain
    );
  };
  const liveScopes = (grant: Grant) => grant.scopes.filter((s) => !options.revokedScopes.has(s));

  function jwt(claims: Record<string, unknown>): string {
    return `${b64({ typ: 'JWT', alg: 'RS256', kid: 'fake' })}.${b64(claims)}.${randomBytes(32).toString('base64url')}`;
  }

  function issue(grant: Grant) {
    const tenant = options.tenant();
    const now = Math.floor(Date.now() / 1000);
    const lifetime = options.accessTokenLifetimeS;
    const scopes = liveScopes(grant);
    const accessToken = jwt({
      aud: '00000003-0000-0000-c000-000000000000',
      iss: `https://sts.windows.net/${tenant.id}/`,
      iat: now,
      exp: now + lifetime,
      tid: tenant.id,
      oid: grant.userId,
      upn: grant.upn,
      scp: scopes
        .filter((s) => s.startsWith(GRAPH))
        .map((s) => s.slice(GRAPH.length))
        .join(' '),
      jti: randomUUID(),
    });
    accessTokens.set(accessToken, {
      grant,
      expiresAt: Date.now() + lifetime * 1000,
      expired: false,
    });
    const refreshToken = scopes.includes('offline_access')
      ? `1.AXkA${randomBytes(48).toString('base64url')}`
      : null;
    if (refreshToken)
      refreshTokens.set(refreshToken, {
        grant,
        expiresAt: Number.POSITIVE_INFINITY,
        expired: false,
      });
    const idToken = scopes.includes('openid')
      ? jwt({
          aud: grant.clientId,
          iss: `https://login.microsoftonline.com/${tenant.id}/v2.0`,
          iat: now,
          exp: now + lifetime,
          tid: tenant.id,
          oid: grant.userId,
          preferred_username: grant.upn,
          ver: '2.0',
        })
      : null;
    return { accessToken, refreshToken, idToken, scopes, lifetime };
  }

  function tokenAnswer(grant: Grant): Answer {
    const t = issue(grant);
    return {
      status: 200,
      body: {
        token_type: 'Bearer',
        scope: t.scopes.join(' '),
        expires_in: t.lifetime,
        ext_expires_in: t.lifetime,
        access_token: t.accessToken,
        ...(t.refreshToken ? { refresh_token: t.refreshToken } : {}),
        ...(t.idToken ? { id_token: t.idToken } : {}),
      },
    };
  }

  function authorize(tenantName: string, url: URL): Answer {
    const q = url.searchParams;
    if (!knowsTenant(tenantName)) {
      return html(400, errorPage(90002, `Tenant '${tenantName}' not found.`));
    }
    const c = client(q.get('client_id'));
    if (!c) {
      return html(
        400,
        errorPage(
          700016,
          `Application with identifier '${q.get('client_id') ?? ''}' was not found in the directory.`,
        ),
      );
    }
    const redirectUri = q.get('redirect_uri') ?? '';
    if (!c.redirectUris.includes(redirectUri)) {
      return html(
        400,
        errorPage(
          50011,
          `The redirect URI '${redirectUri}' specified in the request does not match the redirect URIs configured for the application '${c.id}'.`,
        ),
      );
    }
    const state = q.get('state');
    const back = (error: string, code: number, message: string) => {
      const target = new URL(redirectUri);
      target.searchParams.set('error', error);
      target.searchParams.set('error_description', `AADSTS${code}: ${message}`);
      if (state !== null) target.searchParams.set('state', state);
      return redirect(target.toString());
    };
    if (q.get('response_type') !== 'code') {
      return back(
        'unsupported_response_type',
        700054,
        `response_type '${q.get('response_type') ?? ''}' is not supported.`,
      );
    }
    const challenge = q.get('code_challenge');
    if (!challenge || q.get('code_challenge_method') !== 'S256') {
      return back(
        'invalid_request',
        9002325,
        'Proof Key for Code Exchange (code_challenge with S256) is required.',
      );
    }
    const scopes = (q.get('scope') ?? '').split(' ').filter(Boolean).map(fullScope);
    const unknown = scopes.filter((s) => !OIDC_SCOPES.includes(s) && !KNOWN_GRAPH.has(s));
    if (scopes.length === 0 || unknown.length > 0) {
      return back(
        'invalid_scope',
        70011,
        `The provided value for the input parameter 'scope' is not valid. ${unknown.join(' ')}`,
      );
    }
    const interaction = randomBytes(16).toString('base64url');
    const path = `/${tenantName}/login`;
    interactions.set(interaction, { clientId: c.id, redirectUri, state, scopes, challenge, path });
    const hint = q.get('login_hint');
    return html(
      200,
      page(
        interaction,
        scopes,
        path,
        c.id,
        hint ? (findUser(options.tenant(), hint)?.id ?? null) : null,
      ),
    );
  }

  function page(
    interaction: string,
    scopes: string[],
    path: string,
    appName: string,
    selected: string | null,
    error?: string,
  ) {
    const users = options.tenant().users.filter((u) => u.accountEnabled);
    return consentPage({
      action: path,
      interaction,
      appName,
      users,
      selected: selected ?? users[0]?.id ?? null,
      scopes: scopes.filter((s) => s.startsWith(GRAPH)),
      ...(error ? { error } : {}),
    });
  }

  function login(req: IncomingMessage, body: string): Answer {
    const form = formOf(req, body);
    const id = form.get('interaction') ?? '';
    const p = interactions.get(id);
    if (!p)
      return html(
        400,
        errorPage(50058, 'The sign-in session was not found or has expired: start again.'),
      );
    const target = new URL(p.redirectUri);
    const back = () => {
      if (p.state !== null) target.searchParams.set('state', p.state);
      return redirect(target.toString());
    };
    if (form.get('action') !== 'accept') {
      interactions.delete(id);
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set(
        'error_description',
        'AADSTS65004: User declined to consent to access the app.',
      );
      return back();
    }
    const user = options
      .tenant()
      .users.find((u) => u.id === form.get('account') && u.accountEnabled);
    if (!user) return html(200, page(id, p.scopes, p.path, p.clientId, null, 'Choose an account.'));
    interactions.delete(id);
    const ticked = new Set(form.getAll('scope'));
    const granted = p.scopes.filter((s) => !s.startsWith(GRAPH) || ticked.has(s));
    const consented = orgConsent.get(p.clientId) ?? new Set<string>();
    const needAdmin = granted.filter((s) => ADMIN_RESTRICTED.has(s) && !consented.has(s));
    if (needAdmin.length > 0 && !user.isAdmin) {
      target.searchParams.set('error', 'consent_required');
      target.searchParams.set(
        'error_description',
        `AADSTS65001: The user or administrator has not consented to use the application with ID '${p.clientId}'. Send an interactive authorization request for this user and resource.`,
      );
      return back();
    }
    if (user.isAdmin && form.get('orgConsent') === 'on') {
      orgConsent.set(
        p.clientId,
        new Set([...consented, ...granted.filter((s) => s.startsWith(GRAPH))]),
      );
    }
    const code = `0.AXkA${randomBytes(48).toString('base64url')}`;
    codes.set(code, {
      clientId: p.clientId,
      redirectUri: p.redirectUri,
      challenge: p.challenge,
      grant: {
        clientId: p.clientId,
        userId: user.id,
        upn: user.userPrincipalName,
        scopes: granted,
      },
      expiresAt: Date.now() + CODE_LIFETIME_MS,
      used: false,
    });
    target.searchParams.set('code', code);
    target.searchParams.set('session_state', randomUUID());
    return back();
  }

  function clientOf(req: IncomingMessage, form: URLSearchParams): IdentityClient | Answer {
    const { id, secret } = clientCredentials(req, form);
    if (!id) return missingParameter('client_id');
    const c = client(id);
    if (!c) {
      return oauthError(
        400,
        'unauthorized_client',
        700016,
        `Application with identifier '${id}' was not found in the directory.`,
      );
    }
    if (!secret) return missingParameter("client_assertion' or 'client_secret");
    if (secret !== c.secret) {
      return oauthError(
        401,
        'invalid_client',
        7000215,
        `Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app '${c.id}'.`,
      );
    }
    return c;
  }

  function redeem(c: IdentityClient, form: URLSearchParams): Answer {
    const value = form.get('code');
    if (!value) return missingParameter('code');
    const code = codes.get(value);
    if (!code || code.clientId !== c.id) {
      return oauthError(
        400,
        'invalid_grant',
        70000,
        "The provided value for the 'code' parameter is not valid.",
      );
    }
    if (code.used) {
      return oauthError(
        400,
        'invalid_grant',
        54005,
        'OAuth2 Authorization code was already redeemed, please retry with a new valid code or use an existing refresh token.',
      );
    }
    code.used = true;
    if (code.expiresAt < Date.now()) {
      return oauthError(
        400,
        'invalid_grant',
        70008,
        'The provided authorization code or refresh token has expired due to inactivity. Send a new interactive authorization request for this user and resource.',
      );
    }
    if (form.get('redirect_uri') !== code.redirectUri) {
      return oauthError(
        400,
        'invalid_grant',
        500112,
        `The reply address '${form.get('redirect_uri') ?? ''}' does not match the reply address '${code.redirectUri}' provided when requesting Authorization code.`,
      );
    }
    const verifier = form.get('code_verifier');
    if (!verifier) return missingParameter('code_verifier');
    if (s256(verifier) !== code.challenge) {
      return oauthError(
        400,
        'invalid_grant',
        501481,
        'The Code_Verifier does not match the code_challenge supplied in the authorization request.',
      );
    }
    return tokenAnswer(code.grant);
  }

  function refresh(c: IdentityClient, form: URLSearchParams): Answer {
    const value = form.get('refresh_token');
    if (!value) return missingParameter('refresh_token');
    const found = refreshTokens.get(value);
    if (!found || found.grant.clientId !== c.id) {
      return oauthError(
        400,
        'invalid_grant',
        9002313,
        'Invalid request. Request is malformed or invalid.',
      );
    }
    if (found.expired) {
      return oauthError(
        400,
        'invalid_grant',
        700082,
        'The refresh token has expired due to inactivity. The token was issued on a date past and was inactive for 90.00:00:00.',
      );
    }
    return tokenAnswer(found.grant);
  }

  function tokenEndpoint(tenantName: string, req: IncomingMessage, body: string): Answer {
    if (!knowsTenant(tenantName)) {
      return oauthError(
        400,
        'invalid_request',
        90002,
        `Tenant '${tenantName}' not found. Check to make sure you have the correct tenant ID and are signing into the correct cloud.`,
      );
    }
    const form = formOf(req, body);
    const c = clientOf(req, form);
    if (!('secret' in c)) return c;
    const grantType = form.get('grant_type');
    if (!grantType) return missingParameter('grant_type');
    if (grantType === 'authorization_code') return redeem(c, form);
    if (grantType === 'refresh_token') return refresh(c, form);
    return oauthError(
      400,
      'unsupported_grant_type',
      70003,
      `The app requested an unsupported grant type '${grantType}'.`,
    );
  }

  /** The grant behind a valid bearer header, or why there is none. */
  function authenticate(
    header: string | undefined,
  ): { scopes: Set<string>; userId: string } | 'expired' | 'invalid' {
    const value = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
    const found = value ? accessTokens.get(value) : undefined;
    if (!found) return 'invalid';
    if (found.expired || found.expiresAt <= Date.now()) return 'expired';
    return { scopes: new Set(liveScopes(found.grant)), userId: found.grant.userId };
  }

  return {
    authorize,
    login,
    tokenEndpoint,
    authenticate,
    /** A grant as if `email` had consented (default: every Graph scope the fake knows). */
    issueGrant(p: { email: string; scopes?: readonly string[] }) {
      const user = findUser(options.tenant(), p.email);
      if (!user) throw new Error(`no user ${p.email} in the tenant`);
      const scopes = (p.scopes ?? [...OIDC_SCOPES, ...KNOWN_GRAPH]).map(fullScope);
      const t = issue({
        clientId: options.clients[0]?.id ?? 'fake',
        userId: user.id,
        upn: user.userPrincipalName,
        scopes,
      });
      return {
        accessToken: t.accessToken,
        refreshToken: t.refreshToken,
        expiresAt: new Date(Date.now() + t.lifetime * 1000),
        scopes: t.scopes,
      };
    },
    /** Every access and refresh token issued so far stops working. */
    expireTokens() {
      for (const t of accessTokens.values()) t.expired = true;
      for (const t of refreshTokens.values()) t.expired = true;
    },
    /** Forgets every organisation-wide consent an administrator gave. */
    forgetConsents() {
      orgConsent.clear();
    },
    setAccessTokenLifetime(seconds: number) {
      options.accessTokenLifetimeS = seconds;
    },
  };
}

export type Identity = ReturnType<typeof createIdentity>;
