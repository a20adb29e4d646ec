import type { RevokeGrant } from '../kit/grants';
import { googleClientConfig } from './google-client-config';
import { revokeGoogleToken } from './oauth';

/** Google revokes the whole grant with either token. */
export const revokeGoogleGrant: RevokeGrant = async (config, tokens) => {
  const google = googleClientConfig(config);
  const token = tokens.refreshToken ?? tokens.accessToken;
  if (google && token) await revokeGoogleToken(google, token);
};

/** Whose grants the connect flow records, and how one is given back. */
export const GOOGLE_GRANTS = { id: 'gws', revoke: revokeGoogleGrant } as const;
