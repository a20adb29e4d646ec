import { Unauthenticated } from './provider-error';
import { sharedRefresh } from './shared-refresh';

/** What a connect flow or a refresh obtains from an OAuth 2.0 provider. */
export type OAuthGrant = {
  accessToken: string;
  /** Null when the provider gave none (the grant then ends with its access token). */
  refreshToken: string | null;
  expiresAt: Date;
  scopes: string[];
};

export type TokenSessionOptions<G> = {
  /** A new grant for `grant` (which the provider's refresh endpoint is asked with). */
  refresh: (grant: G) => Promise<G>;
  /** Called with the new grant after every refresh, for the caller to store it. */
  onTokens?: ((grant: G) => void | Promise<void>) | undefined;
  /** How long before its expiry an access token is already refreshed. */
  expiryMarginMs: number;
  /** The error of a 401 that a refresh did not cure. */
  invalidToken: (message: string) => Error;
};

/**
 * One grant's access token in use: refreshed shortly before it expires, and once per call when
 * the API answers 401 (Unauthenticated); concurrent calls share one refresh.
 */
export function tokenSession<G extends { accessToken: string; expiresAt: Date }>(
  initial: G,
  options: TokenSessionOptions<G>,
) {
  let grant = initial;
  const refresh = sharedRefresh(
    () => grant.accessToken,
    async () => {
      grant = await options.refresh(grant);
      await options.onTokens?.(grant);
    },
  );
  return {
    get grant(): G {
      return grant;
    },
    /** `call` with a valid access token; a second 401 is the provider's invalid_token. */
    async use<T>(call: (accessToken: string) => Promise<T>): Promise<T> {
      if (grant.expiresAt.getTime() - options.expiryMarginMs <= Date.now()) {
        await refresh(grant.accessToken);
      }
      const used = grant.accessToken;
      try {
        return await call(used);
      } catch (err) {
        if (!(err instanceof Unauthenticated)) throw err;
      }
      await refresh(used);
      try {
        return await call(grant.accessToken);
      } catch (err) {
        if (err instanceof Unauthenticated) throw options.invalidToken(err.message);
        throw err;
      }
    },
  };
}

export type TokenSession<G extends { accessToken: string; expiresAt: Date }> = ReturnType<
  typeof tokenSession<G>
>;
