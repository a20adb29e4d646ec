import type { ExternalShare, StaleUser } from '@castellan/contract';
import { appsVerdict, type SuiteApps } from '../../connected-apps/app-facts';
import type { Verdict } from '../../tasks/evidence';
import { checkTasksOf, type ProviderCheck } from '../kit/checks';
import type { SuiteDevicesRead } from '../kit/suite-device';
import { listed as list, organisationVerdict as org, SUPER_ADMINS } from '../kit/verdict-text';
import type { GoogleEditionRead } from './edition';

/** What a Google Workspace sync keeps (JSON in `integrations.facts`) and judges tasks from. */
export type StoredGoogleFacts = {
  userCount: number;
  superAdminCount: number;
  usersWithout2Sv: number;
  /** Lower-case e-mail of each member found in the workspace → their 2-Step Verification. */
  memberMfa: Record<string, { enrolled: boolean; enforced: boolean }>;
  /** Members (lower-case e-mail) whose mailbox is in Gmail; absent in facts of older syncs. */
  mailboxes?: string[];
  staleUsers: StaleUser[];
  /** Lower-case e-mails of the active accounts; absent in facts of older syncs. */
  directory?: string[];
  policies: {
    twoStepEnforced: boolean | null;
    externalSharingMode: 'ALLOWED' | 'ALLOWLISTED_DOMAINS' | 'DISALLOWED' | null;
    autoForwardingEnabled: boolean | null;
    passwordPolicy: { minimumLength: number | null; enforcedAtLogin: boolean | null } | null;
  };
  failedLogins30d: number;
  blockedSpam: number | null;
  externalShares: Omit<ExternalShare, 'allowed'>[];
  /** The members' phones and Chromebooks, or why unknown; absent in facts of older syncs. */
  devices?: SuiteDevicesRead;
  /** The outside apps people let in (app-tokens.ts); absent in facts of older syncs. */
  apps?: SuiteApps;
  /** The Google Workspace edition, or why unknown (edition.ts); absent in facts of older syncs. */
  plan?: GoogleEditionRead;
};

/** Passwords at least this long pass the password-policy check. */
export const MIN_PASSWORD_LENGTH = 12;

/**
 * Each check a Google Workspace sync judges, and the catalogue task its verdict decides: what the
 * card lists. The first two keep the names the product has always shown (spec §3).
 */
export const GOOGLE_CHECKS = [
  {
    key: 'member-2sv',
    name: 'MFA Status Check',
    description: 'Verifies MFA is enabled for all users.',
    task: 'enable-mfa',
  },
  {
    key: '2sv-enforced',
    name: 'MFA Available and Enforced',
    description:
      'Verifies two-step verification is available and enforced for the whole organisation.',
    task: 'enforce-mfa-google-workspace',
  },
  {
    key: 'super-admins',
    name: 'Super administrators',
    description: 'Verifies there are two to four super administrators.',
    task: 'limit-super-admins',
  },
  {
    key: 'stale-accounts',
    name: 'Unused accounts',
    description: 'Finds accounts nobody has signed in to for 90 days.',
    task: 'remove-stale-accounts',
  },
  {
    key: 'member-external-shares',
    name: 'Files shared outside',
    description: 'Finds each member’s files shared outside the company and not allowed.',
    task: 'review-shared-links',
  },
  {
    key: 'external-sharing',
    name: 'External sharing setting',
    description: 'Verifies Google Drive does not let everyone share files with anyone outside.',
    task: 'restrict-external-sharing',
  },
  {
    key: 'auto-forwarding',
    name: 'Automatic forwarding',
    description: 'Verifies Gmail does not forward mail automatically to outside addresses.',
    task: 'block-mail-auto-forwarding',
  },
  {
    key: 'password-policy',
    name: 'Password policy',
    description: `Verifies passwords need at least ${MIN_PASSWORD_LENGTH} characters, enforced at sign-in.`,
    task: 'set-password-policy',
  },
  {
    key: 'third-party-apps',
    name: 'Apps with access',
    description: 'Finds outside apps that can reach mail or files and are not approved.',
    task: 'review-third-party-apps',
  },
] as const satisfies readonly ProviderCheck[];
export const GOOGLE_CHECK_TASKS = checkTasksOf(GOOGLE_CHECKS);
const task = GOOGLE_CHECK_TASKS;

/**
 * Turns what a sync read into task verdicts: per member for their own two-step verification and
 * their files shared outside, for the organisation for the Admin tasks the data decides. What the
 * data cannot tell (a policy Google did not return) gets no verdict: the task stays manual.
 * `speaksForSignIn` says whose sign-in this suite judges (with Microsoft 365 also connected, the
 * suite holding a member's mailbox does; see suites.ts).
 */
export function googleVerdicts(
  facts: StoredGoogleFacts,
  members: readonly { id: string; email: string }[],
  flaggedShares: readonly Pick<ExternalShare, 'owner' | 'title'>[],
  speaksForSignIn: (email: string) => boolean = () => true,
  approvedApps: ReadonlySet<string> = new Set(),
): Verdict[] {
  const verdicts: Verdict[] = [];
  for (const m of members) {
    const email = m.email.toLowerCase();
    const mfa = facts.memberMfa[email];
    if (!mfa) continue;
    if (speaksForSignIn(email))
      verdicts.push({
        catalogueId: task['member-2sv'],
        userId: m.id,
        verdict: mfa.enrolled ? 'pass' : 'fail',
        detail: mfa.enrolled
          ? null
          : 'Your Google account does not have 2-Step Verification turned on.',
      });
    const own = flaggedShares.filter((s) => s.owner.toLowerCase() === email);
    verdicts.push({
      catalogueId: task['member-external-shares'],
      userId: m.id,
      verdict: own.length === 0 ? 'pass' : 'fail',
      detail:
        own.length === 0
          ? null
          : `${own.length} of your files ${own.length === 1 ? 'is' : 'are'} shared outside the company: ${list(own.map((s) => s.title))}.`,
    });
  }

  const { policies } = facts;
  if (policies.twoStepEnforced !== null) {
    verdicts.push(
      org(
        task['2sv-enforced'],
        policies.twoStepEnforced,
        'Google Workspace does not enforce 2-Step Verification for the whole organisation.',
      ),
    );
  }
  const admins = facts.superAdminCount;
  verdicts.push(
    org(
      task['super-admins'],
      admins >= SUPER_ADMINS.min && admins <= SUPER_ADMINS.max,
      `Google Workspace has ${admins} super administrator${admins === 1 ? '' : 's'}; keep two to four.`,
    ),
  );
  const stale = facts.staleUsers.map((u) => u.email);
  verdicts.push(
    org(
      task['stale-accounts'],
      stale.length === 0,
      `${stale.length} Google Workspace account${stale.length === 1 ? ' is' : 's are'} not used any more: ${list(stale)}.`,
    ),
  );
  if (policies.externalSharingMode !== null) {
    verdicts.push(
      org(
        task['external-sharing'],
        policies.externalSharingMode !== 'ALLOWED',
        'Google Drive lets everyone share files with anyone outside the company.',
      ),
    );
  }
  if (policies.autoForwardingEnabled !== null) {
    verdicts.push(
      org(
        task['auto-forwarding'],
        !policies.autoForwardingEnabled,
        'Gmail lets users forward their mail automatically to outside addresses.',
      ),
    );
  }
  const password = policies.passwordPolicy;
  if (password && password.minimumLength !== null) {
    const long = password.minimumLength >= MIN_PASSWORD_LENGTH;
    const enforced = password.enforcedAtLogin === true;
    verdicts.push(
      org(
        task['password-policy'],
        long && enforced,
        long
          ? 'The password policy is not enforced at sign-in, so old short passwords still work.'
          : `Google Workspace accepts passwords of ${password.minimumLength} characters; require at least ${MIN_PASSWORD_LENGTH}.`,
      ),
    );
  }
  const apps = appsVerdict(task['third-party-apps'], 'google', facts.apps, approvedApps);
  if (apps) verdicts.push(apps);
  return verdicts;
}
