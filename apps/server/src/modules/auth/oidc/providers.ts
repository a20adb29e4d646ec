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
};

export function createOidcProviders(config: Config): OidcProviders {
  const settings: Record<SignInProvider, OidcProviderConfig | null> = config.oidc;
  const available = SIGN_IN_PROVIDERS.filter((p) => settings[p]);
  const discovered = new Map<SignInProvider, Promise<client.Configuration>>();

  const discover = async (provider: SignInProvider) => {
    const s = settings[provider];
    if (!s) throw new Error(`${provider} sign-in is not configured`);
    const options = config.oidc.allowHttp ? { execute: [client.allowInsecureRequests] } : undefined;
    return client.discovery(new URL(s.issuer), s.clientId, s.clientSecret, undefined, options);
  };

  return {
    available,
    configuration(provider) {
      let pending = discovered.get(provider);
      if (!pending) {
        pending = discover(provider);
        // A failed discovery (provider down) is tried again on the next sign-in.
        pending.catch(() => discovered.delete(provider));
        discovered.set(provider, pending);
      }
      return pending;
    },
    redirectUri: (provider) => `${config.publicUrl}/api/auth/${provider}/callback`,
  };
}
