import type { ProviderAdapter } from '../kit/adapter';
import { metaClientConfig } from './meta-client-config';
import { revokeMetaPermissions } from './revoke-grant';
import { metaRoutes } from './routes';
import { judgeMeta, META_FAILURE, readMeta } from './sync';

export const meta: ProviderAdapter = {
  id: 'meta',
  configured: (config) => metaClientConfig(config) !== null,
  unavailableReason:
    'This server has no Meta app set up yet, so Meta cannot be connected; ask whoever runs Castellan to add one.',
  card: {
    description:
      'Checks that everyone in your Facebook and Instagram business accounts signs in with two-factor authentication.',
    securityChecks: () => [
      {
        name: 'MFA Enforcement',
        description: 'Verify MFA is enforced for all business users.',
        enabled: true,
      },
    ],
  },
  failures: META_FAILURE,
  read: readMeta,
  judge: (db, row) => judgeMeta(db, row),
  revoke: revokeMetaPermissions,
  routes: metaRoutes,
};
