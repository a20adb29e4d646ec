import type { Db } from '../../db/client';
import { isPermanentRefusal, type Mailer } from './mailer';
import { findMessage, markFailed, recordAttempt } from './repository';

/** Thrown for a temporary failure: the job is retried with backoff. */
export class TemporaryMailFailure extends Error {}

const describe = (err: unknown) =>
  (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').slice(0, 500);

/**
 * Sends one recorded message (the mail job). A message already sent or failed is left alone; a
 * permanent refusal (5xx) is recorded and not retried; anything else is recorded and thrown, so
 * that the job runs again.
 */
export async function deliverMessage(
  db: Db,
  mailer: Mailer,
  id: string,
): Promise<{ status: string }> {
  const message = await findMessage(db, id);
  if (!message || message.status === 'sent' || message.status === 'failed') {
    return { status: message?.status ?? 'gone' };
  }
  if (message.text === null || message.html === null || message.subject === null) {
    await markFailed(db, id, 'its content was purged before it could be sent');
    return { status: 'failed' };
  }
  try {
    await mailer.send({
      id,
      to: message.recipient,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.headers ? (JSON.parse(message.headers) as Record<string, string>) : {},
      fromName: message.fromName,
    });
  } catch (err) {
    if (isPermanentRefusal(err)) {
      await recordAttempt(db, id, { status: 'failed', error: describe(err) });
      return { status: 'failed' };
    }
    await recordAttempt(db, id, { status: 'retrying', error: describe(err) });
    throw new TemporaryMailFailure(describe(err));
  }
  await recordAttempt(db, id, { status: 'sent', error: null });
  return { status: 'sent' };
}

/** The job has no attempt left: the message failed for good. */
export const giveUp = (db: Db, id: string, err: unknown) => markFailed(db, id, describe(err));
