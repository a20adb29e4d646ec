import type { ProviderAdapter } from '../kit/adapter';
import { microsoftClientConfig } from './client-config';
import { judgeMicrosoft365 } from './judge';
import { m365PlanSummary } from './plan';
import { microsoftRoutes } from './routes';
import { MICROSOFT_FAILURES, readMicrosoft365 } from './sync';
import { M365_CHECKS, m365PlanNote, m365Unavailable, type StoredM365Facts } from './verdicts';

// Microsoft has no revocation of an app's consent by API: an administrator removes it in the
// Entra admin center (Enterprise applications); deleting the tokens is what disconnecting does.
export const microsoft365: ProviderAdapter = {
  id: 'm365',
  configured: (config) => microsoftClientConfig(config) !== null,
  unavailableReason:
    'This server has no Microsoft client set up yet, so Microsoft 365 cannot be connected; ask whoever runs Castellan to add one.',
  card: {
    description:
      'Reads your users, sign-in activity and security defaults to check multi-factor authentication, administrators and unused accounts.',
    // On a tenant without Entra ID P1, the checks needing it say so.
    unavailable: (facts, check) => m365Unavailable(facts as StoredM365Facts | null, check.key),
    planNote: (facts, check) => m365PlanNote(facts as StoredM365Facts | null, check.key),
    plan: (facts) => m365PlanSummary((facts as StoredM365Facts).plan),
  },
  access: {
    reads: [
      'Users with their account status and sign-in activity.',
      'Members of the Global Administrator role.',
      'Which users have registered multi-factor authentication methods.',
      'Failed sign-ins from the sign-in logs.',
      'Security defaults and Conditional Access policies.',
      'Which Microsoft 365 products the organisation subscribes to (its plan).',
      'The tenant’s name and identity.',
      'Which outside apps people or administrators have let in, and what those apps may reach (never what the apps hold).',
    ],
    cannotRead: [
      'Mail, calendars and Teams chats.',
      'OneDrive and SharePoint files.',
      'Passwords, and any way to sign in as your users.',
    ],
    changes: [],
  },
  checks: M365_CHECKS,
  failures: MICROSOFT_FAILURES,
  read: readMicrosoft365,
  judge: judgeMicrosoft365,
  suite: {
    workspace: 'microsoft',
    members: (facts) => {
      const f = facts as StoredM365Facts;
      return {
        accounts: new Set(Object.keys(f.memberMfa ?? {})),
        mailboxes: new Set(f.mailboxes ?? []),
      };
    },
    directory: (facts) => (facts as StoredM365Facts).directory ?? null,
    stoppedAttacks: (facts) => ({
      failedLogins: (facts as StoredM365Facts).failedLogins30d ?? 0,
      blockedSpam: 0,
    }),
  },
  routes: microsoftRoutes,
};
