// Telling the administrators about a change for the worse: by e-mail, and in the organisation's
// messaging channel (Slack, Microsoft Teams) when it chose and connected one for nudges.
import type { NudgeCard } from '../integrations/kit/nudge-channel';
import { failureKindOf } from '../integrations/kit/provider-error';
import { openTokens } from '../integrations/kit/tokens';
import { queueMessage } from '../mail/queue-message';
import { watchAlertMail } from '../mail/templates/watch-alert';
import type { NudgeContext } from '../nudges/context';
import { messagingOf } from '../nudges/route-choice';
import { findNudgeSettings } from '../organizations/repository';
import { taskIdOf } from '../tasks/assignment';
import { catalogueById } from '../tasks/catalogue';
import { listRecipients } from '../users/repository';
import { findChange, markChange } from './repository';

type Found = NonNullable<Awaited<ReturnType<typeof findChange>>>;

function cardOf(publicUrl: string, found: Found, adminId: string | null): NudgeCard {
  const { change, targetName } = found;
  const task = change.catalogueId ? catalogueById.get(change.catalogueId) : undefined;
  return {
    title: `A change on ${targetName} needs a look`,
    intro: change.summary,
    tasks:
      task && adminId
        ? [
            {
              id: taskIdOf(task.id, adminId),
              title: task.title,
              due: 'open again',
              url: `${publicUrl}/tasks/${encodeURIComponent(taskIdOf(task.id, adminId))}`,
              actions: false,
            },
          ]
        : [],
    moreUrl: `${publicUrl}/risk-analysis?tab=watch`,
    moreLabel: 'See what changed',
  };
}

/**
 * Sends the alert of one recorded change (its job): each administrator's e-mail once (deduped),
 * then one post to the channel unless one was made. A channel's temporary failure is thrown so
 * that the job tries again; the e-mail is not sent twice.
 */
export async function deliverWatchAlert(
  ctx: NudgeContext,
  changeId: string,
  signal: AbortSignal,
  now = new Date(),
): Promise<{ status: string }> {
  const found = await findChange(ctx.db, changeId);
  if (!found) return { status: 'gone' };
  if (found.change.alertedAt) return { status: 'already sent' };
  const { change, targetName, domain } = found;
  const admins = (await listRecipients(ctx.db, change.organizationId)).filter(
    (r) => r.role === 'admin',
  );
  const publicUrl = ctx.config.publicUrl;
  const task = change.catalogueId ? catalogueById.get(change.catalogueId) : undefined;
  for (const admin of admins) {
    await queueMessage(ctx.mail, {
      organizationId: change.organizationId,
      userId: admin.id,
      kind: 'watch_alert',
      recipient: admin.email,
      dedupeKey: `watch_alert:${change.id}:${admin.id}`,
      headers: {},
      mail: watchAlertMail({
        organization: domain,
        name: targetName,
        summary: change.summary,
        before: change.before,
        after: change.after,
        task: task
          ? {
              title: task.title,
              url: `${publicUrl}/tasks/${encodeURIComponent(taskIdOf(task.id, admin.id))}`,
            }
          : null,
        timelineUrl: `${publicUrl}/risk-analysis?tab=watch`,
      }),
    });
  }
  if (!change.postedAt) {
    const settings = await findNudgeSettings(ctx.db, change.organizationId);
    const messaging = settings
      ? await messagingOf(ctx, change.organizationId, settings.channel)
      : null;
    if (messaging) {
      try {
        await messaging.nudges.post({
          ctx,
          row: messaging.row,
          tokens: openTokens(ctx.box, messaging.row),
          card: cardOf(publicUrl, found, admins[0]?.id ?? null),
          signal,
        });
        await markChange(ctx.db, change.id, { postedAt: now });
      } catch (err) {
        const kind = failureKindOf(err);
        // A revoked grant or a missing permission waits for the administrator: mail went.
        if (kind !== 'invalid_token' && kind !== 'permission_missing') throw err;
        ctx.log.warn({ err, changeId }, 'the watch alert could not be posted to the channel');
      }
    }
  }
  await markChange(ctx.db, change.id, { alertedAt: now });
  return { status: 'sent' };
}
