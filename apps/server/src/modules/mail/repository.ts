import type { MailKind } from '@castellan/contract';
import {
  and,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  like,
  lt,
  max,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailMessages } from '../../db/schema';

/** The messages, the organisations' switches and the members' opt-outs; always by organisation. */

export type NewMessage = {
  organizationId: string;
  userId: string | null;
  kind: MailKind;
  recipient: string;
  /** A message with the same key is never recorded twice (several processes, a retry). */
  dedupeKey: string | null;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  /** The sender's display name, when not the product's own. */
  fromName?: string;
  /** When it is recorded (by default the database's now). */
  createdAt?: Date;
};

/** Records a message to send; null when one with the same dedupe key exists. */
export async function insertMessage(db: Db, message: NewMessage): Promise<string | null> {
  const [row] = await db
    .insert(mailMessages)
    .values({
      organizationId: message.organizationId,
      userId: message.userId,
      kind: message.kind,
      recipient: message.recipient,
      dedupeKey: message.dedupeKey,
      subject: message.subject,
      bodyText: message.text,
      bodyHtml: message.html,
      headers: JSON.stringify(message.headers),
      fromName: message.fromName ?? null,
      ...(message.createdAt ? { createdAt: message.createdAt } : {}),
    })
    .onConflictDoNothing({ target: mailMessages.dedupeKey })
    .returning({ id: mailMessages.id });
  return row?.id ?? null;
}

export async function findMessage(db: Db, id: string) {
  const [row] = await db
    .select({
      id: mailMessages.id,
      recipient: mailMessages.recipient,
      status: mailMessages.status,
      subject: mailMessages.subject,
      text: mailMessages.bodyText,
      html: mailMessages.bodyHtml,
      headers: mailMessages.headers,
      fromName: mailMessages.fromName,
    })
    .from(mailMessages)
    .where(eq(mailMessages.id, id));
  return row ?? null;
}

/** Records an attempt's outcome; the error is the mail server's answer, never the message. */
export async function recordAttempt(
  db: Db,
  id: string,
  outcome: { status: 'sent' | 'retrying' | 'failed'; error: string | null },
): Promise<void> {
  await db
    .update(mailMessages)
    .set({
      status: outcome.status,
      error: outcome.error,
      attempts: sql`${mailMessages.attempts} + 1`,
      ...(outcome.status === 'sent' ? { sentAt: new Date() } : {}),
    })
    .where(eq(mailMessages.id, id));
}

/** Marks a message failed without counting an attempt (its job has none left). */
export async function markFailed(db: Db, id: string, error: string): Promise<void> {
  await db
    .update(mailMessages)
    .set({ status: 'failed', error })
    .where(
      and(
        eq(mailMessages.id, id),
        or(eq(mailMessages.status, 'queued'), eq(mailMessages.status, 'retrying')),
      ),
    );
}

/** The organisation's latest messages, newest first, without their bodies. */
export async function listMessages(db: Db, organizationId: string, limit: number) {
  return db
    .select({
      id: mailMessages.id,
      kind: mailMessages.kind,
      recipient: mailMessages.recipient,
      status: mailMessages.status,
      attempts: mailMessages.attempts,
      error: mailMessages.error,
      createdAt: mailMessages.createdAt,
      sentAt: mailMessages.sentAt,
    })
    .from(mailMessages)
    .where(eq(mailMessages.organizationId, organizationId))
    .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
    .limit(limit);
}

/** Empties the subject, bodies and headers of messages recorded before `before`. */
export async function purgeMessageBodies(db: Db, before: Date): Promise<number> {
  const rows = await db
    .update(mailMessages)
    .set({ subject: null, bodyText: null, bodyHtml: null, headers: null })
    .where(and(lt(mailMessages.createdAt, before), isNotNull(mailMessages.bodyText)))
    .returning({ id: mailMessages.id });
  return rows.length;
}

/** The invitations of the organisation to these members. */
const invitationsTo = (organizationId: string, members: SQL) =>
  and(
    eq(mailMessages.organizationId, organizationId),
    eq(mailMessages.kind, 'invitation'),
    members,
  );

/** When each of these members was last sent (or queued) an invitation. */
export async function lastInvitations(
  db: Db,
  organizationId: string,
  userIds: string[],
): Promise<Map<string, Date>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: mailMessages.userId, at: max(mailMessages.createdAt) })
    .from(mailMessages)
    .where(invitationsTo(organizationId, inArray(mailMessages.userId, userIds)))
    .groupBy(mailMessages.userId);
  return new Map(rows.flatMap((r) => (r.userId && r.at ? [[r.userId, r.at] as const] : [])));
}

/** The latest invitation of a member, if any. */
export async function findLastInvitation(db: Db, organizationId: string, userId: string) {
  const [row] = await db
    .select({ id: mailMessages.id, createdAt: mailMessages.createdAt })
    .from(mailMessages)
    .where(invitationsTo(organizationId, eq(mailMessages.userId, userId)))
    .orderBy(desc(mailMessages.createdAt))
    .limit(1);
  return row ?? null;
}

/** Which of these dedupe keys the organisation's messages hold already. */
export async function findDedupeKeys(
  db: Db,
  organizationId: string,
  keys: string[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: mailMessages.dedupeKey })
    .from(mailMessages)
    .where(
      and(eq(mailMessages.organizationId, organizationId), inArray(mailMessages.dedupeKey, keys)),
    );
  return new Set(rows.flatMap((r) => (r.key ? [r.key] : [])));
}

/** How many messages of the organisation whose dedupe key starts with `prefix` were recorded since. */
export async function countKeyedSince(
  db: Db,
  organizationId: string,
  prefix: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mailMessages)
    .where(
      and(
        eq(mailMessages.organizationId, organizationId),
        like(mailMessages.dedupeKey, `${prefix}%`),
        gte(mailMessages.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

/** The ids of the messages of a kind sent by `before`, as a subquery for another module's rows. */
export const sentBefore = (db: Db, kind: MailKind, before: Date) =>
  db
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(
      and(
        eq(mailMessages.kind, kind),
        eq(mailMessages.status, 'sent'),
        lt(mailMessages.sentAt, before),
      ),
    );
