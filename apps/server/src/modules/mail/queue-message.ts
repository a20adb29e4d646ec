import type { MailContext } from './context';
import { insertMessage, type NewMessage } from './repository';
import type { RenderedMail } from './templates/render';
import type { UnsubscribeKind } from './unsubscribe-token';

/**
 * Records a message and queues its sending; null when mail is off or the same dedupe key was
 * already recorded (by this or another process). The caller never waits for the mail server.
 */
export async function queueMessage(
  ctx: Pick<MailContext, 'db' | 'config' | 'queue'>,
  message: Omit<NewMessage, 'subject' | 'text' | 'html'> & { mail: RenderedMail },
): Promise<string | null> {
  if (!ctx.config.mail.enabled) return null;
  const { mail, ...rest } = message;
  const id = await insertMessage(ctx.db, { ...rest, ...mail });
  if (id) await ctx.queue.send(id);
  return id;
}

/**
 * The unsubscribe link of a message (a page that needs no sign-in) and the RFC 8058 headers,
 * whose one-click POST goes straight to the API.
 */
export function unsubscribeOf(
  ctx: Pick<MailContext, 'config' | 'tokens'>,
  userId: string,
  kind: UnsubscribeKind,
): { url: string; headers: Record<string, string> } {
  const token = encodeURIComponent(ctx.tokens.sign(userId, kind));
  return {
    url: `${ctx.config.publicUrl}/unsubscribe?token=${token}`,
    headers: {
      'List-Unsubscribe': `<${ctx.config.publicUrl}/api/mail/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** The ISO week of a moment (`2026-W48`): reminders and digests are once per week. */
export function isoWeek(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}
