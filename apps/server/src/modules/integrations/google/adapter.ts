import type { ProviderAdapter } from '../kit/adapter';
import { googleEditionSummary } from './edition-note';
import { googleClientConfig } from './google-client-config';
import { judgeGoogleWorkspace } from './judge';
import { revokeGoogleGrant } from './revoke-grant';
import { googleRoutes } from './routes';
import { GOOGLE_FAILURES, readGoogleWorkspace } from './sync';
import { GOOGLE_CHECKS, type StoredGoogleFacts } from './verdicts';

export const googleWorkspace: ProviderAdapter = {
  id: 'gws',
  configured: (config) => googleClientConfig(config) !== null,
  unavailableReason:
    'This server has no Google client set up yet, so Google Workspace cannot be connected; ask whoever runs Castellan to add one.',
  card: {
    description:
      'Reads your users, admin roles, sign-in reports and security policies (read-only) to check two-step verification, administrators, unused accounts and files shared outside the company.',
    // On an edition that limits a check, the check says so and what to look at instead.
    plan: (facts) => googleEditionSummary((facts as StoredGoogleFacts).plan),
  },
  access: {
    reads: [
      'Users of the directory: names, e-mail addresses, administrator roles, two-step verification status and last sign-in.',
      'Organisational units, to tell which policies apply to whom.',
      'Sign-in and Drive sharing events of the audit log: which file was shared outside the company, by whom and with whom (its name, never its content).',
      'Daily usage counts, such as how many spam messages were blocked.',
      'Security policies, such as whether two-step verification is enforced.',
      'Which outside apps people have let into their accounts, and what those apps may reach (never what the apps hold).',
      'Which Google Workspace licence each user holds, to tell your edition. Google’s permission for this also allows changing licences; Castellan only reads them and never changes one.',
    ],
    cannotRead: [
      'E-mail messages, attachments, calendars and chats.',
      'The content of Drive files and documents.',
      'Passwords, and any way to sign in as your users.',
    ],
    changes: [],
  },
  checks: GOOGLE_CHECKS,
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
    directory: (facts) => (facts as StoredGoogleFacts).directory ?? null,
  },
  revoke: revokeGoogleGrant,
  routes: googleRoutes,
};
