import { z } from 'zod';
import { isoDateTime } from './common';
import { endpoint } from './endpoint';
import { memberParams } from './users';

/** The kinds of e-mail Castellan sends. */
export const MAIL_KINDS = [
  'invitation',
  'reminder',
  'digest',
  'integration_alert',
  'nudge',
  'watch_alert',
  'phishing_practice',
  'phishing_thanks',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** A recorded message: queued, sent, waiting for a retry after a temporary refusal, or failed. */
export const MAIL_STATUSES = ['queued', 'sent', 'retrying', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** The organisation's switch of each kind of mail. */
export const organizationMailSettings = z.strictObject({
  invitations: z.boolean(),
  reminders: z.boolean(),
  digest: z.boolean(),
  integrationAlerts: z.boolean(),
});
export type OrganizationMailSettings = z.infer<typeof organizationMailSettings>;

/** What a member receives of what the organisation sends (the digest: administrators only). */
export const ownMailSettings = z.strictObject({ reminders: z.boolean(), digest: z.boolean() });
export type OwnMailSettings = z.infer<typeof ownMailSettings>;

/** `GET /api/settings/notifications` */
export const notificationSettingsResponse = z.object({
  organization: organizationMailSettings,
  own: ownMailSettings,
  /** Whether the caller may change the organisation's switches (administrators). */
  editable: z.boolean(),
  /** Whether this server sends mail at all (MAIL_ENABLED). */
  mailEnabled: z.boolean(),
});
export type NotificationSettingsResponse = z.infer<typeof notificationSettingsResponse>;

/** `PUT /api/settings/notifications/organization` (administrators) */
export const updateOrganizationMailRequest = organizationMailSettings;
export type UpdateOrganizationMailRequest = z.input<typeof updateOrganizationMailRequest>;

/** `PUT /api/settings/notifications/own` */
export const updateOwnMailRequest = ownMailSettings;
export type UpdateOwnMailRequest = z.input<typeof updateOwnMailRequest>;

/** One recorded message as administrators see it: never its body. */
export const mailMessage = z.object({
  id: z.uuid(),
  kind: z.enum(MAIL_KINDS),
  recipient: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  error: z.string().nullable(),
  createdAt: isoDateTime,
  sentAt: isoDateTime.nullable(),
});
export type MailMessage = z.infer<typeof mailMessage>;

/** `GET /api/mail/messages` (administrators): the organisation's last 100 messages. */
export const mailMessagesResponse = z.object({ messages: z.array(mailMessage) });
export type MailMessagesResponse = z.infer<typeof mailMessagesResponse>;

/** `POST /api/mail/unsubscribe?token=…`: the signed token of a message's unsubscribe link. */
export const unsubscribeQuery = z.strictObject({
  token: z.string().min(1, { message: 'is missing' }).max(500),
});
export type UnsubscribeQuery = z.input<typeof unsubscribeQuery>;

export const unsubscribeResponse = z.object({
  /** What the member no longer receives. */
  kind: z.enum(['reminder', 'digest']),
  email: z.string(),
});
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponse>;

/** `POST /api/users/:id/invitation` (administrators): the invitation is sent again. */
export const resendInvitationResponse = z.object({ invitedAt: isoDateTime });
export type ResendInvitationResponse = z.infer<typeof resendInvitationResponse>;

/** At most this many reminders an organisation's administrators send by hand in an hour. */
export const TEAM_REMINDERS_PER_HOUR = 20;

/** `POST /api/team-reminders` (administrators): one member, or everyone with open high-risk tasks. */
export const sendTeamRemindersRequest = z.strictObject({
  to: z.union([z.uuid(), z.literal('open-high-risk')]),
});
export type SendTeamRemindersRequest = z.infer<typeof sendTeamRemindersRequest>;

/** Why someone got no reminder: they turned reminders off, had one today, or have nothing open. */
export const REMINDER_SKIPS = ['unsubscribed', 'reminded-today', 'nothing-open'] as const;

const reminded = z.object({ id: z.uuid(), fullName: z.string(), email: z.string() });
export const sendTeamRemindersResponse = z.object({
  sent: z.array(reminded),
  skipped: z.array(reminded.extend({ reason: z.enum(REMINDER_SKIPS) })),
});
export type SendTeamRemindersResponse = z.infer<typeof sendTeamRemindersResponse>;

export const mailEndpoints = {
  listMailMessages: endpoint({
    method: 'GET',
    path: '/mail/messages',
    access: 'admin',
    response: { 200: mailMessagesResponse },
    summary: 'The organisation’s last 100 messages: kind, recipient, time and result',
  }),
  unsubscribe: endpoint({
    method: 'POST',
    path: '/mail/unsubscribe',
    access: 'public',
    query: unsubscribeQuery,
    response: { 200: unsubscribeResponse },
    summary:
      'One-click unsubscribe (RFC 8058) with the signed token of a reminder or digest; no sign-in',
  }),
  resendInvitation: endpoint({
    method: 'POST',
    path: '/users/:id/invitation',
    access: 'admin',
    params: memberParams,
    response: { 202: resendInvitationResponse },
    summary: 'Send an invited member’s invitation again (at most once an hour)',
  }),
  sendTeamReminders: endpoint({
    method: 'POST',
    path: '/team-reminders',
    access: 'admin',
    body: sendTeamRemindersRequest,
    response: { 202: sendTeamRemindersResponse },
    summary:
      'E-mail a reminder of their open tasks to one member or everyone with open high-risk tasks (once a day each)',
  }),
};
