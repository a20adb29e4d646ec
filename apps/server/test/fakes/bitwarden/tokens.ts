// The access tokens the fake's identity server issued: an hour each, no refresh token
// (integrations-reference-2 §3.2). They look like Bitwarden's JWTs; only the fake reads them.
import { randomBytes } from 'node:crypto';

/** AccessTokenLifetime of the organisation client. */
export const TOKEN_LIFETIME_S = 3600;

type Issued = { organizationId: string; expiresAt: number };

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function createTokenStore() {
  const tokens = new Map<string, Issued>();
  return {
    issue(organizationId: string, now = Date.now()) {
      const expiresAt = now + TOKEN_LIFETIME_S * 1000;
      const token = [
        part({ alg: 'RS256', typ: 'at+jwt' }),
        part({
          client_id: `organization.${organizationId}`,
          client_sub: organizationId,
          scope: ['api.organization'],
          exp: Math.floor(expiresAt / 1000),
        }),
        randomBytes(32).toString('base64url'),
      ].join('.');
      tokens.set(token, { organizationId, expiresAt });
      return { token, expiresIn: TOKEN_LIFETIME_S };
    },
    /** The organisation of a token still valid; null otherwise. */
    organizationOf(token: string, now = Date.now()): string | null {
      const issued = tokens.get(token);
      return issued && issued.expiresAt > now ? issued.organizationId : null;
    },
    /** Every token issued so far is past its expiry. */
    expireAll() {
      for (const t of tokens.values()) t.expiresAt = Math.min(t.expiresAt, Date.now() - 1000);
    },
    /** Tokens issued and still valid. */
    live: (now = Date.now()) => [...tokens.values()].filter((t) => t.expiresAt > now).length,
    clear: () => tokens.clear(),
  };
}

export type TokenStore = ReturnType<typeof createTokenStore>;
