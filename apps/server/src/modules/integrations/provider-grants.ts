import type { Config } from '../../config';
import type { SecretBox } from '../../lib/secret-box';
import { type GoogleClientConfig, revokeGoogleToken } from './google/index';
import type { IntegrationRow } from './repository';
import { openTokens } from './tokens';

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

/** Revokes a grant at its provider, where the provider offers a way (Google does). */
export async function revokeGrant(
  ctx: { config: Config; box: SecretBox },
  row: IntegrationRow,
): Promise<void> {
  if (row.integrationId !== 'gws') return;
  const google = googleClientConfig(ctx.config);
  const { refreshToken, accessToken } = openTokens(ctx.box, row);
  const token = refreshToken ?? accessToken;
  if (google && token) await revokeGoogleToken(google, token);
}
