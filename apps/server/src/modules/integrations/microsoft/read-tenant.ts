// Reads what the product reports about a Microsoft 365 tenant. The independent reads run at once,
// each page by page, so the whole read takes about as long as its longest list (the users with
// sign-in activity, 120 a page). Reads that need Entra ID P1 give null on a tenant without it;
// any other failure stops the read.

import { runTogether } from '../kit/run-together';
import type { SuiteDevicesRead } from '../kit/suite-device';
import { readDirectoryUsers } from './directory-users';
import { countFailedSignIns } from './failed-sign-ins';
import { readGlobalAdmins } from './global-admins';
import type { GraphApi } from './graph-api';
import { readManagedDevices } from './managed-devices';
import { type MemberMfa, readMemberMfa } from './mfa-registration';
import { MicrosoftApiError } from './microsoft-api-error';
import { readOrganization } from './organization';
import { type M365Plan, readPlan } from './plan';
import { readConditionalAccessMfa, readSecurityDefaults } from './policies';
import { readStaleUsers, type StaleUser } from './stale-users';

export type P1Check = 'mfa-registration' | 'conditional-access' | 'sign-in-activity' | 'sign-ins';

export type M365TenantFacts = {
  tenantId: string;
  /** Lower case. */
  verifiedDomains: string[];
  /** Enabled member (not guest) users. */
  userCount: number;
  /** Lower-case e-mail (mail, else userPrincipalName) of each member of ours found in the tenant. */
  memberMfa: MemberMfa | null;
  /** Lower-case e-mails of members of ours whose mailbox is in Exchange Online. */
  mailboxes: string[];
  /** Lower-case e-mails of the enabled member users; absent in facts of older syncs. */
  directory?: string[];
  securityDefaultsEnabled: boolean | null;
  /** An enforced Conditional Access policy requiring MFA of all users; null without P1. */
  conditionalAccessRequiresMfa: boolean | null;
  /** The users holding Global Administrator (see global-admins.ts). */
  globalAdmins: { email: string; displayName: string }[];
  /** Enabled members not signed in for 90 days (never: created 14+ days ago); null without P1. */
  staleUsers: StaleUser[] | null;
  /** Failed sign-ins over the last 30 days; null without P1. */
  failedLogins30d: number | null;
  /** The checks that could not run because the tenant has no Entra ID P1. */
  needsP1: P1Check[];
  /** The tenant's subscriptions; null when unreadable, absent in facts of older syncs. */
  plan?: M365Plan | null;
  /** The members' devices Intune manages, or why unknown; absent in facts of older syncs. */
  devices?: SuiteDevicesRead;
};

const P1_ORDER: readonly P1Check[] = [
  'mfa-registration',
  'conditional-access',
  'sign-in-activity',
  'sign-ins',
];

export async function readTenant(
  api: GraphApi,
  p: { memberEmails: ReadonlySet<string>; now: Date; signal?: AbortSignal },
): Promise<M365TenantFacts> {
  const members = new Set([...p.memberEmails].map((e) => e.toLowerCase()));
  const needsP1 = new Set<P1Check>();
  const ifLicensed =
    <T>(check: P1Check, read: (signal: AbortSignal) => Promise<T>) =>
    async (signal: AbortSignal): Promise<T | null> => {
      try {
        return await read(signal);
      } catch (err) {
        if (!(err instanceof MicrosoftApiError) || err.kind !== 'license_missing') throw err;
        needsP1.add(check);
        return null;
      }
    };

  // The registration report names users by id, so it is read once the users list has said which
  // ids are ours: nothing but those few is kept, and the users with sign-in activity (6× more
  // pages) take longer than both anyway.
  const readUsersAndMfa = async (signal: AbortSignal) => {
    const users = await readDirectoryUsers(api, members, signal);
    const mfa = await ifLicensed('mfa-registration', (s) => readMemberMfa(api, users.members, s))(
      signal,
    );
    return { users, mfa };
  };

  const [
    org,
    { users, mfa },
    securityDefaults,
    caMfa,
    globalAdmins,
    staleUsers,
    failed,
    plan,
    devices,
  ] = await runTogether(p.signal, [
    (s: AbortSignal) => readOrganization(api, s),
    readUsersAndMfa,
    (s: AbortSignal) => readSecurityDefaults(api, s),
    ifLicensed('conditional-access', (s) => readConditionalAccessMfa(api, s)),
    (s: AbortSignal) => readGlobalAdmins(api, s),
    ifLicensed('sign-in-activity', (s) => readStaleUsers(api, p.now, s)),
    ifLicensed('sign-ins', (s) => countFailedSignIns(api, p.now, s)),
    (s: AbortSignal) => readPlan(api, s),
    (s: AbortSignal) => readManagedDevices(api, members, s),
  ] as const);

  return {
    ...org,
    userCount: users.userCount,
    memberMfa: mfa,
    mailboxes: users.mailboxes,
    directory: users.directory,
    securityDefaultsEnabled: securityDefaults,
    conditionalAccessRequiresMfa: caMfa,
    globalAdmins,
    staleUsers,
    failedLogins30d: failed,
    needsP1: P1_ORDER.filter((c) => needsP1.has(c)),
    plan,
    devices,
  };
}
