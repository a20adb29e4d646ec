// The bot tokens the fake has issued (one per install), and the check every Web API call makes
// of its token: `Authorization: Bearer xoxb-…` or a `token` field.
import { randomBytes } from 'node:crypto';

export type IssuedToken = {
  token: string;
  teamId: string;
  scopes: Set<string>;
  botUserId: string;
  revoked: boolean;
};

/** Slack's error code for a call's token, or the token when it is usable. */
export type TokenCheck = { ok: true; issued: IssuedToken } | { ok: false; error: string };

const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('');

export function createTokenStore() {
  const tokens = new Map<string, IssuedToken>();
  return {
    issue(p: { teamId: string; scopes: Iterable<string>; botUserId: string }): IssuedToken {
      const issued: IssuedToken = {
        token: `xoxb-${digits(11)}-${digits(13)}-${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x').slice(0, 24)}`,
        teamId: p.teamId,
        scopes: new Set(p.scopes),
        botUserId: p.botUserId,
        revoked: false,
      };
      tokens.set(issued.token, issued);
      return issued;
    },
    check(authorization: string | undefined, field: string | null): TokenCheck {
      const bearer = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1] ?? field;
      if (!bearer) return { ok: false, error: 'not_authed' };
      const issued = tokens.get(bearer);
      if (!issued) return { ok: false, error: 'invalid_auth' };
      if (issued.revoked) return { ok: false, error: 'token_revoked' };
      return { ok: true, issued };
    },
    revoke(token: string) {
      const issued = tokens.get(token);
      if (issued) issued.revoked = true;
    },
    revokeAll() {
      for (const t of tokens.values()) t.revoked = true;
    },
    all: () => [...tokens.values()],
    clear: () => tokens.clear(),
  };
}

export type TokenStore = ReturnType<typeof createTokenStore>;
