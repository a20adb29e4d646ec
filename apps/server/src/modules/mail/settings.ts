import type {
  NotificationSettingsResponse,
  OrganizationMailSettings,
  OwnMailSettings,
} from '@castellan/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { BadRequestError, UnauthorizedError } from '../../lib/errors';
import { findOrganizationMail, updateOrganizationMail } from '../organizations/repository';
import { findOwnMail, findRecipient, updateOwnMail } from '../users/repository';
import { listMessages } from './repository';
import type { UnsubscribeTokens } from './unsubscribe-token';

/** `homeOrganizationId`: the caller's own organisation, where their own settings are kept. */
type Caller = {
  organizationId: string;
  homeOrganizationId: string;
  userId: string;
  admin: boolean;
};

/** Which mail the organisation sends and which the caller receives. */
export async function notificationSettings(
  db: Db,
  config: Config,
  caller: Caller,
): Promise<NotificationSettingsResponse> {
  const [organization, own] = await Promise.all([
    findOrganizationMail(db, caller.organizationId),
    findOwnMail(db, caller.homeOrganizationId, caller.userId),
  ]);
  if (!organization || !own) throw new UnauthorizedError();
  const { domain: _domain, ...switches } = organization;
  return { organization: switches, own, editable: caller.admin, mailEnabled: config.mail.enabled };
}

export async function changeOrganizationMail(
  db: Db,
  config: Config,
  caller: Caller,
  settings: OrganizationMailSettings,
) {
  await updateOrganizationMail(db, caller.organizationId, settings);
  return notificationSettings(db, config, caller);
}

export async function changeOwnMail(
  db: Db,
  config: Config,
  caller: Caller,
  settings: OwnMailSettings,
) {
  await updateOwnMail(db, caller.homeOrganizationId, caller.userId, settings);
  return notificationSettings(db, config, caller);
}

const FORGED = 'This unsubscribe link is not valid. Change what you receive in Settings.';

/** A signed unsubscribe link stops what it names, for the member it names; no sign-in needed. */
export async function unsubscribe(db: Db, tokens: UnsubscribeTokens, token: string) {
  const named = tokens.verify(token);
  if (!named) throw new BadRequestError(FORGED);
  const member = await findRecipient(db, named.userId);
  if (!member) throw new BadRequestError(FORGED);
  await updateOwnMail(db, member.organizationId, member.id, {
    [named.kind === 'reminder' ? 'reminders' : 'digest']: false,
  });
  return { kind: named.kind, email: member.email };
}

/** How many messages administrators see. */
export const SHOWN_MESSAGES = 100;

export async function latestMessages(db: Db, organizationId: string) {
  const rows = await listMessages(db, organizationId, SHOWN_MESSAGES);
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  }));
}

/** Switches the weekly reminder e-mail alone (a partner's baseline sets it). */
export async function setWeeklyReminders(db: Db, organizationId: string, on: boolean) {
  const current = await findOrganizationMail(db, organizationId);
  if (!current) throw new UnauthorizedError();
  const { domain: _domain, ...switches } = current;
  await updateOrganizationMail(db, organizationId, { ...switches, reminders: on });
}
