import type { Member, Role } from '@castellan/contract';
import { formatDate } from '../../lib/format-date';

export const ROLE_LABELS: Record<Role, string> = { admin: 'Administrator', user: 'Member' };

/** The member's name; people invited but not yet signed in have none, so their e-mail. */
export const displayName = (member: Pick<Member, 'firstName' | 'lastName' | 'email'>) =>
  `${member.firstName} ${member.lastName}`.trim() || member.email;

export const signInText = (member: Pick<Member, 'lastSignInAt'>) =>
  member.lastSignInAt ? `Last sign-in ${formatDate(member.lastSignInAt)}` : 'Not signed in yet';
