import type { Member, Role } from '@castellan/contract';
import { formatDate } from '../../lib/format-date';

export const ROLE_LABELS: Record<Role, string> = { admin: 'Administrator', user: 'Member' };

/** The member's name; people invited but not yet signed in have none, so their e-mail. */
export const displayName = (member: Pick<Member, 'firstName' | 'lastName' | 'email'>) =>
  `${member.firstName} ${member.lastName}`.trim() || member.email;

export const signInText = (member: Pick<Member, 'lastSignInAt'>) =>
  member.lastSignInAt ? `Last sign-in ${formatDate(member.lastSignInAt)}` : 'Not signed in yet';

/** An invitation may be sent again an hour after the previous one (the server enforces it). */
export const RESEND_AFTER_MS = 60 * 60_000;

const at = (iso: string) => formatDate(iso, { hour: 'numeric', minute: '2-digit' });

export const invitationText = (member: Pick<Member, 'invitedAt'>) =>
  member.invitedAt ? `Invitation sent ${at(member.invitedAt)}` : 'No invitation e-mail sent';

/** Where a member stands: signed in, invited by e-mail, or added without an e-mail yet. */
export type MemberState = 'active' | 'invited' | 'notInvited';

export const STATE_LABELS: Record<MemberState, string> = {
  active: 'Active',
  invited: 'Invited',
  notInvited: 'Not invited',
};

export function memberState(member: Pick<Member, 'status' | 'invitedAt'>): MemberState {
  if (member.status === 'active') return 'active';
  return member.invitedAt ? 'invited' : 'notInvited';
}

/** The details behind the short state: when they last signed in, when the invitation went out. */
export function stateDetails(member: Pick<Member, 'status' | 'invitedAt' | 'lastSignInAt'>) {
  if (memberState(member) === 'active') return signInText(member);
  return `${invitationText(member)}. ${signInText(member)}.`;
}

/** What the invitation button offers: a first e-mail, another one, or nothing (signed in). */
export function invitationAction(member: Pick<Member, 'status' | 'invitedAt'>) {
  const state = memberState(member);
  if (state === 'active') return null;
  return state === 'invited' ? 'Resend invitation' : 'Send invitation';
}

/** When the invitation may be sent again; null when it may be now. */
export function resendBlockedUntil(member: Pick<Member, 'invitedAt'>, now = Date.now()) {
  if (!member.invitedAt) return null;
  const next = new Date(member.invitedAt).getTime() + RESEND_AFTER_MS;
  return next > now ? new Date(next) : null;
}
