import type { IntegrationId } from '@castellan/contract';
import type { Config } from '../../config';
import type { SecretBox } from '../../lib/secret-box';
import { type GoogleClientConfig, revokeGoogleToken } from './google/index';
import type { IntegrationRow } from './kit/repository';
import { openTokens } from './kit/tokens';
import { type MetaClientConfig, revokeMetaGrant } from './meta/index';
import type { MicrosoftClientConfig } from './microsoft/index';

/** The Google client of this server, or null when it has none. */
export function googleClientConfig(config: Config): GoogleClientConfig | null {
  const google = config.integrations.google;
  if (!google) return null;
  return {
    baseUrl: google.baseUrl,
    clientId: google.clientId,
    clientSecret: google.clientSecret,
    redirectUri: `${config.publicUrl}/api/google/integrate/callback`,
  };
}

/** The Microsoft client of this server (the sign-in app), or null when it has none. */
export function microsoftClientConfig(config: Config): MicrosoftClientConfig | null {
  const microsoft = config.integrations.microsoft;
  if (!microsoft) return null;
  return {
    baseUrl: microsoft.baseUrl,
    clientId: microsoft.clientId,
    clientSecret: microsoft.clientSecret,
    redirectUri: `${config.publicUrl}/api/microsoft/integration/callback`,
  };
}

/** The Meta app of this server, or null when it has none. */
export function metaClientConfig(config: Config): MetaClientConfig | null {
  const meta = config.integrations.meta;
  if (!meta) return null;
  return {
    baseUrl: meta.baseUrl,
    appId: meta.clientId,
    appSecret: meta.clientSecret,
    redirectUri: `${config.publicUrl}/api/facebook/callback`,
    version: meta.version,
  };
}

/**
 * Gives a grant back to its provider, where the provider offers a way: Google revokes the token,
 * Meta removes the app's permissions from the person (`DELETE /{user-id}/permissions`).
 * Microsoft has no revocation of an app's consent by API: an administrator removes it in the
 * Entra admin center (Enterprise applications); deleting the tokens is what disconnecting does.
 */
export async function revokeTokens(
  config: Config,
  integrationId: IntegrationId | string,
  tokens: { accessToken: string | null; refreshToken: string | null; accountId?: string | null },
): Promise<void> {
  if (integrationId === 'gws') {
    const google = googleClientConfig(config);
    const token = tokens.refreshToken ?? tokens.accessToken;
    if (google && token) await revokeGoogleToken(google, token);
  } else if (integrationId === 'meta') {
    const meta = metaClientConfig(config);
    if (meta && tokens.accessToken) {
      await revokeMetaGrant(meta, tokens.accessToken, tokens.accountId ?? null);
    }
  }
}

/** Gives a stored grant back to its provider (see revokeTokens). */
export async function revokeGrant(
  ctx: { config: Config; box: SecretBox },
  row: IntegrationRow,
): Promise<void> {
  await revokeTokens(ctx.config, row.integrationId, {
    ...openTokens(ctx.box, row),
    accountId: row.accountId,
  });
}
