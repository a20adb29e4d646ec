import { GoogleApi } from './google-api';
import { GoogleApiError } from './google-api-error';
import type { GoogleClientConfig } from './google-client-config';
import type { GoogleGrant } from './oauth';

/**
 * Whether a fresh grant's account administers the Google Workspace of `domain`: Google lists
 * the users of a domain only to an administrator of the customer that owns it. Other failures
 * (Google down) are thrown.
 */
export async function administersWorkspace(
  cfg: GoogleClientConfig,
  grant: GoogleGrant,
  domain: string,
): Promise<boolean> {
  const api = new GoogleApi(cfg, grant);
  try {
    await api.getJson('admin', '/admin/directory/v1/users', {
      domain,
      maxResults: 1,
      fields: 'users(primaryEmail)',
    });
    return true;
  } catch (err) {
    if (err instanceof GoogleApiError && err.kind === 'permission_missing') return false;
    throw err;
  }
}
