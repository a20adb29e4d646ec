// Counts over the workspace's users as they stream past: only the counts, the members' 2SV
// state, the stale accounts and the active accounts' e-mail addresses (to tell who is not yet in
// Castellan) are kept; nothing else of the users.

import { NEVER_SIGNED_IN_GRACE_DAYS, STALE_AFTER_DAYS } from '../kit/stale-accounts';
import type { DirectoryUser } from './directory';
import { parseRfc3339 } from './rfc3339';

export type StaleUser = {
  firstName: string;
  lastName: string;
  fullName: string;
  email: string;
  /** null: never signed in. */
  lastLoginTime: string | null;
};

export type UserFacts = {
  userCount: number;
  superAdminCount: number;
  usersWithout2Sv: number;
  memberMfa: Map<string, { enrolled: boolean; enforced: boolean }>;
  /** The members (lower-case e-mail) whose mailbox is in Gmail. */
  mailboxes: string[];
  staleUsers: StaleUser[];
  /** Lower-case e-mails of the active (not suspended or archived) accounts, sorted. */
  directory: string[];
};

const DAY = 86_400_000;

export function createUserTally(input: { memberEmails: ReadonlySet<string>; now: Date }) {
  const members = new Set([...input.memberEmails].map((e) => e.toLowerCase()));
  const now = input.now.getTime();
  const facts: UserFacts = {
    userCount: 0,
    superAdminCount: 0,
    usersWithout2Sv: 0,
    memberMfa: new Map(),
    mailboxes: [],
    staleUsers: [],
    directory: [],
  };

  const add = (user: DirectoryUser) => {
    const email = user.primaryEmail.toLowerCase();
    if (members.has(email)) {
      facts.memberMfa.set(email, {
        enrolled: user.isEnrolledIn2Sv === true,
        enforced: user.isEnforcedIn2Sv === true,
      });
      if (user.isMailboxSetup) facts.mailboxes.push(email);
    }
    if (user.suspended || user.archived) return;
    facts.userCount += 1;
    facts.directory.push(email);
    if (user.isAdmin) facts.superAdminCount += 1;
    if (!user.isEnrolledIn2Sv) facts.usersWithout2Sv += 1;

    // Google reports "never" as the epoch; a missing or unreadable time reads the same.
    const lastLogin = parseRfc3339(user.lastLoginTime);
    const signedIn = lastLogin !== null && lastLogin > 0;
    const created = parseRfc3339(user.creationTime);
    const stale = signedIn
      ? now - lastLogin > STALE_AFTER_DAYS * DAY
      : created !== null && now - created > NEVER_SIGNED_IN_GRACE_DAYS * DAY;
    if (stale) {
      const firstName = user.name?.givenName ?? '';
      const lastName = user.name?.familyName ?? '';
      facts.staleUsers.push({
        firstName,
        lastName,
        fullName: user.name?.fullName ?? `${firstName} ${lastName}`.trim(),
        email,
        lastLoginTime: signedIn ? new Date(lastLogin).toISOString() : null,
      });
    }
  };

  return {
    add,
    result(): UserFacts {
      facts.staleUsers.sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
      facts.directory.sort();
      return facts;
    },
  };
}
