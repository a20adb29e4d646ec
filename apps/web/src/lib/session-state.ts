import type { Organization, UserData } from '@castellan/contract';

/** The OAuth flow under way (lib/oauth-flow.ts): no secrets, only where it goes and comes back. */
export type OAuthParams = {
  /** `google`, `microsoft`, or an integration's provider. */
  provider: string;
  /** The app path the provider sends the user back to. */
  returnTo: string;
  /** ISO time the flow started. */
  startedAt: string;
};

/** What the spec keeps of the session in sessionStorage: the user, OAuth parameters, the organisation. */
export type SessionState = {
  user: UserData | null;
  oauthParams: OAuthParams | null;
  organization: Organization | null;
};

const KEY = 'castellan.session';
const EMPTY: SessionState = { user: null, oauthParams: null, organization: null };

export const sessionState = {
  read(): SessionState {
    try {
      const raw = sessionStorage.getItem(KEY);
      return raw ? { ...EMPTY, ...(JSON.parse(raw) as Partial<SessionState>) } : { ...EMPTY };
    } catch {
      return { ...EMPTY };
    }
  },
  update(patch: Partial<SessionState>): void {
    sessionStorage.setItem(KEY, JSON.stringify({ ...sessionState.read(), ...patch }));
  },
  clear(): void {
    sessionStorage.removeItem(KEY);
  },
};
