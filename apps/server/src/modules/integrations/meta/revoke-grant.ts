import type { RevokeGrant } from '../kit/grants';
import { metaClientConfig } from './meta-client-config';
import { revokeMetaGrant } from './oauth';

/** Meta removes the app's permissions from the person (`DELETE /{user-id}/permissions`). */
export const revokeMetaPermissions: RevokeGrant = async (config, tokens) => {
  const meta = metaClientConfig(config);
  if (meta && tokens.accessToken) {
    await revokeMetaGrant(meta, tokens.accessToken, tokens.accountId ?? null);
  }
};

/** Whose grants the connect flow records, and how one is given back. */
export const META_GRANTS = { id: 'meta', revoke: revokeMetaPermissions } as const;
