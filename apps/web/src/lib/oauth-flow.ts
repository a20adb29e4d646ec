import { type OAuthParams, sessionState } from './session-state';

/**
 * The OAuth flow the user is in (spec §3/§9: the session state's "oauth parameters"). A flow
 * leaves the app for a provider and comes back: the sign-in redirects today; the Google Workspace
 * and Microsoft 365 connect redirects and the Facebook popup reuse this. Only what the app needs
 * to know where it is goes here: the provider's secrets and the state/PKCE values stay on the
 * server.
 */
export const oauthFlow = {
  /** Called just before the browser leaves for the provider. */
  start(provider: string, returnTo: string, now = new Date()): OAuthParams {
    const params: OAuthParams = { provider, returnTo, startedAt: now.toISOString() };
    sessionState.update({ oauthParams: params });
    return params;
  },
  current(): OAuthParams | null {
    return sessionState.read().oauthParams;
  },
  /** Called when the flow is over, whatever its outcome (a popup closing, say). */
  finish(): void {
    if (oauthFlow.current()) sessionState.update({ oauthParams: null });
  },
  /**
   * Called on every navigation: the app loading at the address a flow returns to means the
   * provider sent the user back (signed in, or with an error), so the flow is over.
   */
  finishOnReturn(path: string): void {
    const flow = oauthFlow.current();
    if (flow && new URL(flow.returnTo, 'http://app.invalid').pathname === path) oauthFlow.finish();
  },
};
