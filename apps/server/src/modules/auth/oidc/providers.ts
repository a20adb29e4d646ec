import { SIGN_IN_PROVIDERS, type SignInProvider } from '@castellan/contract';
import * as client from 'openid-client';
import type { Config, OidcProviderConfig } from '../../../config';

export const PROVIDER_NAMES: Record<SignInProvider, string> = {
  google: 'Google',
  microsoft: 'Microsoft',
};

export type OidcProviders = {
  /** The configured providers, in the order they are offered. */
  available: SignInProvider[];
  /** The provider's client configuration, discovered once and then kept. */
  configuration(provider: SignInProvider): Promise<client.Configuration>;
  redirectUri(provider: SignInProvider): string;
  /**
   * Discovers every provider ahead of the first sign-in, so that it does not wait for it;
   * resolves to the providers that could not be reached (tried again on their next sign-in).
   */
  warmUp(): Promise<SignInProvider[]>;
};

const DISCOVERY_TIMEOUT_S = 10;

export function createOidcProviders(config: Config): OidcProviders {
  const settings: Record<SignInProvider, OidcProviderConfig | null> = config.oidc;
  const available = SIGN_IN_PROVIDERS.filter((p) => settings[p]);
  const discovered = new Map<SignInProvider, Promise<client.Configuration>>();

  const discover = async (provider: SignInProvider) => {
    const s = settings[provider];
    if (!s) throw new Error(`${provider} sign-in is not configured`);
    // A provider that does not answer must not hold a sign-in for long: the user gets an error.
    const options = {
      timeout: DISCOVERY_TIMEOUT_S,
      execute: config.oidc.allowHttp ? [client.allowInsecureRequests] : [],
    };
    return client.discovery(new URL(s.issuer), s.clientId, s.clientSecret, undefined, options);
  };

  const configuration = (provider: SignInProvider) => {
    let pending = discovered.get(provider);
    if (!pending) {
      pending = discover(provider);
      // A failed discovery (provider down) is tried again on the next sign-in.
      pending.catch(() => discovered.delete(provider));
      discovered.set(provider, pending);
    }
    return pending;
  };

  return {
    available,
    configuration,
    warmUp: () =>
      Promise.allSettled(available.map(configuration)).then((results) =>
        results.flatMap((r, i) =>
          r.status === 'rejected' ? [available[i] as SignInProvider] : [],
        ),
      ),
    redirectUri: (provider) => `${config.publicUrl}/api/auth/${provider}/callback`,
  };
}
