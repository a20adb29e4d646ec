import type { ProviderAdapter } from '../kit/adapter';
import { metaClientConfig } from './meta-client-config';
import { revokeMetaPermissions } from './revoke-grant';
import { metaRoutes } from './routes';
import { judgeMeta, META_FAILURE, readMeta } from './sync';
import { META_CHECKS } from './verdicts';

export const meta: ProviderAdapter = {
  id: 'meta',
  configured: (config) => metaClientConfig(config) !== null,
  unavailableReason:
    'This server has no Meta app set up yet, so Meta cannot be connected; ask whoever runs Castellan to add one.',
  card: {
    description:
      'Checks that everyone in your Facebook and Instagram business accounts signs in with two-factor authentication.',
  },
  access: {
    reads: [
      'The business accounts the person who connected can manage, with each one’s two-factor authentication setting.',
      'The people of those business accounts: name, e-mail address, role and whether they use two-factor authentication.',
    ],
    cannotRead: [
      'Posts, comments and messages of your Pages and Instagram accounts.',
      'Passwords, and any way to sign in as your people.',
    ],
    changes: [
      'Requires two-factor authentication for everyone in a business account, only when an administrator asks for it in Castellan.',
    ],
  },
  checks: META_CHECKS,
  failures: META_FAILURE,
  read: readMeta,
  judge: (db, row) => judgeMeta(db, row),
  revoke: revokeMetaPermissions,
  routes: metaRoutes,
};
