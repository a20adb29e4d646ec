import type { ProviderAdapter } from '../kit/adapter';
import { googleClientConfig } from './google-client-config';
import { judgeGoogleWorkspace } from './judge';
import { revokeGoogleGrant } from './revoke-grant';
import { googleRoutes } from './routes';
import { GOOGLE_FAILURES, readGoogleWorkspace } from './sync';
import type { StoredGoogleFacts } from './verdicts';

export const googleWorkspace: ProviderAdapter = {
  id: 'gws',
  configured: (config) => googleClientConfig(config) !== null,
  unavailableReason:
    'This server has no Google client set up yet, so Google Workspace cannot be connected; ask whoever runs Castellan to add one.',
  card: {
    description:
      'Reads your users, admin roles, sign-in reports and security policies (read-only) to check two-step verification, administrators, unused accounts and files shared outside the company.',
    securityChecks: () => [
      {
        name: 'MFA Status Check',
        description: 'Verifies MFA is enabled for all users.',
        enabled: true,
      },
      {
        name: 'MFA Available and Enforced',
        description:
          'Verifies two-step verification is available and enforced for the whole organisation.',
        enabled: true,
      },
    ],
  },
  failures: GOOGLE_FAILURES,
  read: readGoogleWorkspace,
  judge: judgeGoogleWorkspace,
  suite: {
    workspace: 'google',
    members: (facts) => {
      const f = facts as StoredGoogleFacts;
      return { accounts: new Set(Object.keys(f.memberMfa)), mailboxes: new Set(f.mailboxes ?? []) };
    },
    stoppedAttacks: (facts) => {
      const f = facts as StoredGoogleFacts;
      return { failedLogins: f.failedLogins30d, blockedSpam: f.blockedSpam ?? 0 };
    },
  },
  revoke: revokeGoogleGrant,
  routes: googleRoutes,
};
