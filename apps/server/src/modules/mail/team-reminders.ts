import {
  type SendTeamRemindersRequest,
  type SendTeamRemindersResponse,
  TEAM_REMINDERS_PER_HOUR,
} from '@castellan/contract';
import { ConflictError, NotFoundError, TooManyRequestsError } from '../../lib/errors';
import type { AuditActor } from '../audit/actor';
import { recordAuditEvent } from '../audit/repository';
import { findOrganizationMail } from '../organizations/repository';
import { dayOf, loadEmployeesProgress } from '../score/service';
import { listTasks } from '../tasks/service';
import { listRecipients } from '../users/repository';
import { type MailContext, nameOf } from './context';
import { queueMessage, unsubscribeOf } from './queue-message';
import { countKeyedSince, findDedupeKeys } from './repository';
import { composeReminder } from './weekly';

const HOUR_MS = 60 * 60_000;
const KEY_PREFIX = 'team-reminder:';
/** One reminder by hand per member and day (UTC), whichever administrator sends it. */
const keyOf = (userId: string, now: Date) => `${KEY_PREFIX}${userId}:${dayOf(now)}`;

type Sender = { firstName: string; lastName: string; email: string; actor: AuditActor };
type Recipient = Awaited<ReturnType<typeof listRecipients>>[number];

/**
 * An administrator reminds one member, or everyone with open high-risk tasks of their own, of
 * their open tasks. Each member gets at most one such reminder a day (a second for one member is
 * refused with 429), the organisation at most TEAM_REMINDERS_PER_HOUR an hour, and a member who
 * turned reminders off gets none: the answer says who was skipped and why.
 */
export async function sendTeamReminders(
  ctx: MailContext,
  organizationId: string,
  sender: Sender,
  { to }: SendTeamRemindersRequest,
  now = new Date(),
): Promise<SendTeamRemindersResponse> {
  if (!ctx.config.mail.enabled) {
    throw new ConflictError(
      'This server sends no e-mail: its administrator has not turned mail on.',
    );
  }
  const [recipients, settings] = await Promise.all([
    listRecipients(ctx.db, organizationId),
    findOrganizationMail(ctx.db, organizationId),
  ]);
  const targets = await targetsOf(ctx, organizationId, recipients, to);
  const remindedToday = await findDedupeKeys(
    ctx.db,
    organizationId,
    targets.map((m) => keyOf(m.id, now)),
  );
  const person = (m: Recipient) => ({ id: m.id, fullName: nameOf(m), email: m.email });
  const skipped: SendTeamRemindersResponse['skipped'] = [];
  const due: { member: Recipient; tasks: Awaited<ReturnType<typeof listTasks>> }[] = [];
  for (const member of targets) {
    const tasks = (await listTasks(ctx.db, organizationId, member.id)).filter(
      (t) => !t.isCompleted && t.scope === 'Individual',
    );
    const reason = member.remindersOptOut
      ? 'unsubscribed'
      : remindedToday.has(keyOf(member.id, now))
        ? 'reminded-today'
        : tasks.length === 0
          ? 'nothing-open'
          : null;
    if (reason) skipped.push({ ...person(member), reason });
    else due.push({ member, tasks });
  }
  if (to !== 'open-high-risk' && skipped[0]?.reason === 'reminded-today') {
    throw new TooManyRequestsError(
      `${skipped[0].fullName} already had a reminder today. You can send another tomorrow.`,
      secondsToTomorrow(now),
    );
  }
  const sentLastHour = await countKeyedSince(
    ctx.db,
    organizationId,
    KEY_PREFIX,
    new Date(now.getTime() - HOUR_MS),
  );
  if (due.length > 0 && sentLastHour + due.length > TEAM_REMINDERS_PER_HOUR) {
    const left = Math.max(0, TEAM_REMINDERS_PER_HOUR - sentLastHour);
    throw new TooManyRequestsError(
      `Your organisation can send ${TEAM_REMINDERS_PER_HOUR} reminders an hour; ${left} ${left === 1 ? 'is' : 'are'} left this hour and this would send ${due.length}. Try again later.`,
      HOUR_MS / 1000,
    );
  }

  const sentBy = nameOf(sender);
  const organization = settings?.domain ?? '';
  const sent: SendTeamRemindersResponse['sent'] = [];
  for (const { member, tasks } of due) {
    const unsubscribe = unsubscribeOf(ctx, member.id, 'reminder');
    const id = await queueMessage(ctx, {
      organizationId,
      userId: member.id,
      kind: 'reminder',
      recipient: member.email,
      dedupeKey: keyOf(member.id, now),
      headers: unsubscribe.headers,
      createdAt: now,
      mail: composeReminder(ctx, organization, member, tasks, unsubscribe.url, sentBy),
    });
    // Another administrator's reminder got there first.
    if (!id) {
      skipped.push({ ...person(member), reason: 'reminded-today' });
      continue;
    }
    await recordAuditEvent(ctx.db, {
      action: 'member.reminded',
      organizationId,
      actor: sender.actor,
      subject: member,
      details: { openTasks: tasks.length },
    });
    sent.push(person(member));
  }
  return { sent, skipped };
}

/** The member named (of this organisation only), or everyone with open high-risk tasks. */
async function targetsOf(
  ctx: MailContext,
  organizationId: string,
  recipients: Recipient[],
  to: SendTeamRemindersRequest['to'],
): Promise<Recipient[]> {
  if (to !== 'open-high-risk') {
    const member = recipients.find((r) => r.id === to);
    if (!member) throw new NotFoundError('There is no such member in your organisation.');
    return [member];
  }
  const { members } = await loadEmployeesProgress(ctx.db, organizationId);
  const atRisk = new Set(
    members.filter((m) => m.progress.openHighRisk > 0).map((m) => m.member.id),
  );
  return recipients.filter((r) => atRisk.has(r.id));
}

const secondsToTomorrow = (now: Date) => {
  const tomorrow = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.ceil((tomorrow - now.getTime()) / 1000);
};
