import { NUDGE_CHANNEL_NAMES, type NudgeChannelId } from '@castellan/contract';
import type { NudgeCard, NudgeDelivery } from '../integrations/kit/nudge-channel';
import { failureKindOf } from '../integrations/kit/provider-error';
import { openTokens } from '../integrations/kit/tokens';
import { queueMessage, unsubscribeOf } from '../mail/queue-message';
import { nudgeMail } from '../mail/templates/nudge';
import { listRecipients } from '../users/repository';
import { personCard, summaryCard } from './card';
import { zoneOf } from './clock';
import type { NudgeContext } from './context';
import type { NamedTask } from './plan';
import { findNudge, markNudge } from './repository';
import { messagingOf } from './route-choice';

type Nudge = NonNullable<Awaited<ReturnType<typeof findNudge>>>;

const describe = (err: unknown) =>
  (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').slice(0, 300);

/**
 * Sends one recorded nudge (its job). Through the organisation's messaging provider when one is
 * chosen and connected, else, or for whom it cannot reach, by e-mail. A provider's temporary
 * failure is thrown so the job is retried with backoff; a revoked grant or missing permission
 * goes straight to e-mail. A nudge already sent or failed is left alone.
 */
export async function deliverNudge(
  ctx: NudgeContext,
  id: string,
  signal: AbortSignal,
  now = new Date(),
): Promise<{ status: string; channel?: NudgeChannelId }> {
  const nudge = await findNudge(ctx.db, id);
  if (nudge?.status !== 'queued') return { status: nudge?.status ?? 'gone' };
  const card = cardOf(ctx, nudge, now);
  const messaging = await messagingOf(ctx, nudge.organizationId, nudge.channel);
  let note: string | null = null;
  if (messaging) {
    try {
      const input = {
        ctx,
        row: messaging.row,
        tokens: openTokens(ctx.box, messaging.row),
        card,
        signal,
      };
      const delivery: NudgeDelivery =
        nudge.userId && nudge.email
          ? await messaging.nudges.direct({ ...input, recipient: { email: nudge.email } })
          : await messaging.nudges.post(input);
      if (delivery.kind === 'sent') {
        await markNudge(
          ctx.db,
          id,
          { status: 'sent', channel: messaging.channel, note: null },
          now,
        );
        return { status: 'sent', channel: messaging.channel };
      }
      note = `${NUDGE_CHANNEL_NAMES[messaging.channel]}: ${delivery.reason}`;
    } catch (err) {
      const kind = failureKindOf(err);
      // Nothing but the administrator can mend these: e-mail until they do.
      if (kind !== 'invalid_token' && kind !== 'permission_missing') throw err;
      note = `${NUDGE_CHANNEL_NAMES[messaging.channel]}: ${describe(err)}`;
    }
  }
  return byMail(ctx, nudge, card, note, now);
}

/** The job has no attempt left: the nudge goes by e-mail, or fails when there is none. */
export async function nudgeExhausted(ctx: NudgeContext, id: string, err: unknown): Promise<void> {
  const nudge = await findNudge(ctx.db, id);
  if (nudge?.status !== 'queued') return;
  const now = new Date();
  await byMail(ctx, nudge, cardOf(ctx, nudge, now), describe(err), now);
}

function cardOf(ctx: NudgeContext, nudge: Nudge, now: Date): NudgeCard {
  const tasks = JSON.parse(nudge.tasks) as NamedTask[];
  const zone = zoneOf(nudge.timeZone);
  return nudge.kind === 'nudge'
    ? personCard(ctx.config.publicUrl, tasks, now, zone)
    : summaryCard(ctx.config.publicUrl, nudge.domain, tasks, now, zone);
}

/** Mails the nudge to its person, or a channel's summary to every administrator. */
async function byMail(
  ctx: NudgeContext,
  nudge: Nudge,
  card: NudgeCard,
  note: string | null,
  now: Date,
): Promise<{ status: string; channel?: NudgeChannelId }> {
  if (!ctx.config.mail.enabled) {
    const why = note ? `${note}; and this server sends no e-mail` : 'this server sends no e-mail';
    await markNudge(ctx.db, nudge.id, { status: 'failed', channel: null, note: why }, now);
    return { status: 'failed' };
  }
  const recipients = (await listRecipients(ctx.db, nudge.organizationId)).filter((r) =>
    nudge.userId ? r.id === nudge.userId : r.role === 'admin' && !r.digestOptOut,
  );
  for (const person of recipients) {
    const unsubscribe = unsubscribeOf(
      ctx.mail,
      person.id,
      nudge.kind === 'nudge' ? 'reminder' : 'digest',
    );
    await queueMessage(ctx.mail, {
      organizationId: nudge.organizationId,
      userId: person.id,
      kind: 'nudge',
      recipient: person.email,
      dedupeKey: `nudge:${nudge.id}:${person.id}`,
      headers: unsubscribe.headers,
      mail: nudgeMail({
        card,
        firstName: person.firstName,
        organization: nudge.domain,
        unsubscribeUrl: unsubscribe.url,
      }),
    });
  }
  await markNudge(ctx.db, nudge.id, { status: 'sent', channel: 'email', note }, now);
  return { status: 'sent', channel: 'email' };
}
