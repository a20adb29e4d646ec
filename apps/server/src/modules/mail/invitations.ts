import { ConflictError, NotFoundError } from '../../lib/errors';
import type { Invitations } from '../../lib/mail-queue';
import { findOrganizationMail } from '../organizations/repository';
import { findMember } from '../users/repository';
import { type MailContext, nameOf } from './context';
import { queueMessage } from './queue-message';
import { findLastInvitation, lastInvitations } from './repository';
import { invitationMail } from './templates/invitation';

/** An invitation goes to the same member at most once an hour. */
export const INVITATION_INTERVAL_MS = 60 * 60_000;

type Inviter = { firstName: string; lastName: string; email: string };
type Invited = { id: string; email: string };

/**
 * Queues the invitation of a member (unless the organisation switched invitations off, or one
 * went to them within the hour); resolves to when it was recorded, or null when none was.
 */
export async function sendInvitation(
  ctx: MailContext,
  organizationId: string,
  inviter: Inviter,
  member: Invited,
  now = new Date(),
): Promise<Date | null> {
  const settings = await findOrganizationMail(ctx.db, organizationId);
  if (!settings?.invitations) return null;
  const last = await findLastInvitation(ctx.db, organizationId, member.id);
  if (last && now.getTime() - last.createdAt.getTime() < INVITATION_INTERVAL_MS) return null;
  const id = await queueMessage(ctx, {
    organizationId,
    userId: member.id,
    kind: 'invitation',
    recipient: member.email,
    // Two requests that found the same latest invitation cannot both record the next one.
    dedupeKey: `invitation:${member.id}:after:${last?.id ?? 'none'}`,
    headers: {},
    createdAt: now,
    mail: invitationMail({
      inviterName: nameOf(inviter),
      organization: settings.domain,
      signInUrl: `${ctx.config.publicUrl}/?login=true`,
    }),
  });
  return id ? now : null;
}

/** An administrator sends an invited member's invitation again (409 within the hour). */
export async function resendInvitation(
  ctx: MailContext,
  organizationId: string,
  inviter: Inviter,
  userId: string,
): Promise<{ invitedAt: string }> {
  const member = await findMember(ctx.db, organizationId, userId);
  if (!member) throw new NotFoundError('There is no such member in your organisation.');
  if (member.lastSignInAt) {
    throw new ConflictError(`${member.email} has already signed in: no invitation is needed.`);
  }
  if (!ctx.config.mail.enabled) {
    throw new ConflictError(
      'This server sends no e-mail: its administrator has not turned mail on.',
    );
  }
  const settings = await findOrganizationMail(ctx.db, organizationId);
  if (!settings?.invitations) {
    throw new ConflictError('Invitation e-mails are switched off in Settings.');
  }
  const sent = await sendInvitation(ctx, organizationId, inviter, member);
  if (!sent) {
    throw new ConflictError(
      `An invitation went to ${member.email} less than an hour ago. You can send another one an hour after it.`,
    );
  }
  return { invitedAt: sent.toISOString() };
}

/** The invitations as user management sees them. */
export const invitationsOf = (ctx: MailContext): Invitations => ({
  send: (organizationId, inviter, member) => sendInvitation(ctx, organizationId, inviter, member),
  sentAt: (organizationId, userIds) => lastInvitations(ctx.db, organizationId, userIds),
});
