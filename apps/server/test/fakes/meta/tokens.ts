// The user access tokens the fake has issued, and the check every Graph call makes of its token
// and appsecret_proof.
import { createHmac, randomBytes } from 'node:crypto';
import type { Answer } from '../kit/answers';
import {
  appNotAuthorized,
  badProof,
  expiredToken,
  revokedToken,
  tokenRequired,
  unknownToken,
} from './graph-errors';

export type MetaApp = {
  id: string;
  secret: string;
  redirectUris: readonly string[];
  name?: string;
  /** "Require App Secret": calls without appsecret_proof are refused. Default true. */
  requireProof?: boolean;
};

export type IssuedToken = {
  token: string;
  appId: string;
  userId: string;
  /** Current permissions: revokePermission takes from them. */
  scopes: Set<string>;
  issuedAt: number;
  expiresAt: number;
  longLived: boolean;
  revoked: boolean;
  /** The person removed the app (or the app gave its permissions back): Graph 190/458. */
  deauthorized: boolean;
};

export const SHORT_LIVED_S = 7199;
export const LONG_LIVED_S = 5_183_944;

export const proofOf = (secret: string, token: string) =>
  createHmac('sha256', secret).update(token).digest('hex');

/** The token of a request: the access_token parameter or an `Authorization: Bearer|OAuth` header. */
export function tokenOfRequest(params: URLSearchParams, authorization?: string): string | null {
  const param = params.get('access_token');
  if (param) return param;
  const match = /^(?:Bearer|OAuth)\s+(\S+)$/i.exec(authorization ?? '');
  return match?.[1] ?? null;
}

export function createTokenStore(apps: readonly MetaApp[]) {
  const tokens = new Map<string, IssuedToken>();

  /** Why a token is not usable, as Meta's error; null when it is. */
  const problem = (issued: IssuedToken | undefined): Answer | null => {
    if (!issued) return unknownToken();
    if (issued.deauthorized) return appNotAuthorized(issued.appId);
    if (issued.revoked) return revokedToken();
    if (issued.expiresAt <= Date.now()) return expiredToken(issued.expiresAt);
    return null;
  };

  return {
    app: (id: string | null) => apps.find((a) => a.id === id),

    issue(p: { appId: string; userId: string; scopes: Iterable<string>; lifetimeS: number }) {
      const now = Date.now();
      const issued: IssuedToken = {
        token: `EAAF${randomBytes(36).toString('base64url')}`,
        appId: p.appId,
        userId: p.userId,
        scopes: new Set(p.scopes),
        issuedAt: now,
        expiresAt: now + p.lifetimeS * 1000,
        longLived: p.lifetimeS > SHORT_LIVED_S,
        revoked: false,
        deauthorized: false,
      };
      tokens.set(issued.token, issued);
      return issued;
    },

    get: (token: string) => tokens.get(token),

    problem,

    /** The token of a Graph call, checked with its appsecret_proof; an Answer when refused. */
    authenticate(params: URLSearchParams, authorization?: string): IssuedToken | Answer {
      const token = tokenOfRequest(params, authorization);
      if (!token) return tokenRequired();
      const issued = tokens.get(token);
      const refusal = problem(issued);
      if (refusal || !issued) return refusal ?? unknownToken();
      const app = apps.find((a) => a.id === issued.appId);
      const proof = params.get('appsecret_proof');
      if (app && (proof !== null || app.requireProof !== false)) {
        if (proof !== proofOf(app.secret, token)) return badProof();
      }
      return issued;
    },

    expireAll() {
      const past = Date.now() - 1000;
      for (const t of tokens.values()) t.expiresAt = Math.min(t.expiresAt, past);
    },
    revokeAll() {
      for (const t of tokens.values()) t.revoked = true;
    },
    /** `DELETE /{user-id}/permissions`: the app loses the person, every token of the pair dies. */
    deauthorize(appId: string, userId: string) {
      for (const t of tokens.values()) {
        if (t.appId === appId && t.userId === userId) t.deauthorized = true;
      }
    },
    revokePermission(name: string) {
      for (const t of tokens.values()) t.scopes.delete(name);
    },
    clear: () => tokens.clear(),
  };
}

export type TokenStore = ReturnType<typeof createTokenStore>;
