import type { Task } from '@castellan/contract';
import { byUrgency } from '@castellan/contract/task-order';
import { listOrganizationsMail } from '../organizations/repository';
import { listTasks } from '../tasks/service';
import { listRecipients } from '../users/repository';
import type { MailContext } from './context';
import { digestFacts } from './digest-facts';
import { isoWeek, queueMessage, unsubscribeOf } from './queue-message';
import { digestMail } from './templates/digest';
import { reminderMail } from './templates/reminder';
import type { RenderedMail } from './templates/render';
import type { UnsubscribeKind } from './unsubscribe-token';

/** How many tasks a reminder names. */
export const REMINDER_TASKS = 3;

type Organization = { id: string; domain: string };

/** A member's reminder of their open tasks, naming the most urgent; `sentBy` an administrator's. */
export function composeReminder(
  ctx: Pick<MailContext, 'config'>,
  organization: string,
  member: { firstName: string },
  tasks: readonly Task[],
  unsubscribeUrl: string,
  sentBy?: string,
): RenderedMail {
  const top = [...tasks].sort(byUrgency).slice(0, REMINDER_TASKS);
  return reminderMail({
    firstName: member.firstName,
    organization,
    openCount: tasks.length,
    tasks: top.map((t) => ({
      label: t.title,
      url: `${ctx.config.publicUrl}/tasks?task=${encodeURIComponent(t.catalogueId)}`,
    })),
    tasksUrl: `${ctx.config.publicUrl}/tasks`,
    unsubscribeUrl,
    ...(sentBy ? { sentBy } : {}),
  });
}
type Recipient = Awaited<ReturnType<typeof listRecipients>>[number];

/**
 * Queues one member's reminder or digest of the week, with its unsubscribe link and headers;
 * false when it was recorded already (another run, another process).
 */
async function queueWeekly(
  ctx: MailContext,
  organization: Organization,
  member: Recipient,
  kind: UnsubscribeKind,
  week: string,
  compose: (unsubscribeUrl: string) => RenderedMail,
): Promise<boolean> {
  const unsubscribe = unsubscribeOf(ctx, member.id, kind);
  const id = await queueMessage(ctx, {
    organizationId: organization.id,
    userId: member.id,
    kind,
    recipient: member.email,
    dedupeKey: `${kind}:${member.id}:${week}`,
    headers: unsubscribe.headers,
    mail: compose(unsubscribe.url),
  });
  return id !== null;
}

async function queueReminders(
  ctx: MailContext,
  organization: Organization,
  recipients: Recipient[],
  week: string,
): Promise<number> {
  const open = new Map<string, Task[]>();
  for (const task of await listTasks(ctx.db, organization.id)) {
    if (!task.isCompleted) open.set(task.user, [...(open.get(task.user) ?? []), task]);
  }
  let queued = 0;
  for (const member of recipients) {
    const tasks = open.get(member.email) ?? [];
    if (member.remindersOptOut || tasks.length === 0) continue;
    const sent = await queueWeekly(ctx, organization, member, 'reminder', week, (unsubscribeUrl) =>
      composeReminder(ctx, organization.domain, member, tasks, unsubscribeUrl),
    );
    if (sent) queued += 1;
  }
  return queued;
}

async function queueDigests(
  ctx: MailContext,
  organization: Organization,
  recipients: Recipient[],
  week: string,
  now: Date,
): Promise<number> {
  const admins = recipients.filter((r) => r.role === 'admin' && !r.digestOptOut);
  if (admins.length === 0) return 0;
  const facts = await digestFacts(ctx.db, organization.id, now);
  let queued = 0;
  for (const admin of admins) {
    const sent = await queueWeekly(ctx, organization, admin, 'digest', week, (unsubscribeUrl) =>
      digestMail({
        ...facts,
        organization: organization.domain,
        dashboardUrl: `${ctx.config.publicUrl}/dashboard`,
        unsubscribeUrl,
      }),
    );
    if (sent) queued += 1;
  }
  return queued;
}

/**
 * The week's reminders and digests of every organisation that sends them. Each is recorded once
 * per member and ISO week, whichever process runs this and however often.
 */
export async function queueWeeklyMail(
  ctx: MailContext,
  now = new Date(),
): Promise<{ reminders: number; digests: number }> {
  if (!ctx.config.mail.enabled) return { reminders: 0, digests: 0 };
  const week = isoWeek(now);
  let reminders = 0;
  let digests = 0;
  for (const organization of await listOrganizationsMail(ctx.db)) {
    if (!organization.reminders && !organization.digest) continue;
    const recipients = await listRecipients(ctx.db, organization.id);
    if (organization.reminders)
      reminders += await queueReminders(ctx, organization, recipients, week);
    if (organization.digest)
      digests += await queueDigests(ctx, organization, recipients, week, now);
  }
  return { reminders, digests };
}
