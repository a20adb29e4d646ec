import type { SignInProvider } from '@castellan/contract';
import * as client from 'openid-client';
import type { Db } from '../../../db/client';
import { identityFromClaims, SignInRefused, signInWithIdentity } from '../sign-in';
import { savePendingLogin, takePendingLogin } from './pending-login';
import type { OidcProviders } from './providers';

/**
 * The rules of signing in with Google or Microsoft (OpenID Connect, authorization code with PKCE,
 * state and nonce); the routes only carry the state cookie and the redirects.
 */

/** Starts a sign-in: the provider's address to send the browser to, and the state to pin to it. */
export async function beginSignIn(
  db: Db,
  providers: OidcProviders,
  provider: SignInProvider,
  returnTo: string | null,
): Promise<{ url: string; state: string }> {
  const oidc = await providers.configuration(provider);
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  await savePendingLogin(db, state, { provider, codeVerifier, nonce, returnTo });
  const url = client.buildAuthorizationUrl(oidc, {
    redirect_uri: providers.redirectUri(provider),
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.href, state };
}

/**
 * Finishes a sign-in from the provider's callback: the state must be one this server handed out,
 * for this provider, to the browser that brings it back (its cookie), within ten minutes and only
 * once. Resolves to the signed-in user and where they were going; refusals throw `SignInRefused`.
 */
export async function finishSignIn(
  db: Db,
  providers: OidcProviders,
  callback: {
    provider: SignInProvider;
    state: string | undefined;
    browserState: string | undefined;
    url: URL;
  },
) {
  const { provider, state } = callback;
  const pending = state ? await takePendingLogin(db, state) : null;
  if (!state || !pending || pending.provider !== provider || callback.browserState !== state) {
    throw new SignInRefused('expired');
  }
  const oidc = await providers.configuration(provider);
  const tokens = await client.authorizationCodeGrant(oidc, callback.url, {
    pkceCodeVerifier: pending.codeVerifier,
    expectedState: state,
    expectedNonce: pending.nonce,
    idTokenExpected: true,
  });
  const identity = identityFromClaims(provider, tokens.claims() ?? {});
  const user = await signInWithIdentity(db, identity);
  return { user, returnTo: pending.returnTo };
}
