import type { NudgeChannelId } from '@castellan/contract';
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { nudges, organizations, users } from '../../db/schema';

/** The recorded nudges; every query by organisation or nudge id. */

type NudgeKind = (typeof nudges.$inferSelect)['kind'];

/** `userId|day` of the nudges of a kind already recorded for these days (a person's or none). */
export async function listRecordedNudges(
  db: Db,
  organizationId: string,
  kind: NudgeKind,
  days: readonly string[],
): Promise<Set<string>> {
  if (days.length === 0) return new Set();
  const rows = await db
    .select({ userId: nudges.userId, day: nudges.day })
    .from(nudges)
    .where(
      and(
        eq(nudges.organizationId, organizationId),
        eq(nudges.kind, kind),
        inArray(nudges.day, [...new Set(days)]),
      ),
    );
  return new Set(rows.map((r) => `${r.userId ?? ''}|${r.day}`));
}

type NewNudge = {
  organizationId: string;
  userId: string | null;
  kind: NudgeKind;
  day: string;
  tasks: string;
  taskCount: number;
  createdAt: Date;
};

/**
 * Records nudges in one statement; the ids of those recorded, leaving out any for the same
 * person, kind and day recorded already (by any process).
 */
export async function insertNudges(db: Db, rows: readonly NewNudge[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(nudges)
    .values([...rows])
    .onConflictDoNothing()
    .returning({ id: nudges.id });
  return inserted.map((row) => row.id);
}

/** Records one nudge; null when one for the same person, kind and day exists. */
export const insertNudge = async (db: Db, row: NewNudge): Promise<string | null> =>
  (await insertNudges(db, [row]))[0] ?? null;

/** A recorded nudge with what sending it needs: its organisation's channel and its person. */
export async function findNudge(db: Db, id: string) {
  const [row] = await db
    .select({
      id: nudges.id,
      organizationId: nudges.organizationId,
      userId: nudges.userId,
      kind: nudges.kind,
      tasks: nudges.tasks,
      status: nudges.status,
      domain: organizations.domain,
      channel: organizations.nudgeChannel,
      email: users.email,
      firstName: users.firstName,
      timeZone: users.timeZone,
    })
    .from(nudges)
    .innerJoin(organizations, eq(organizations.id, nudges.organizationId))
    .leftJoin(users, eq(users.id, nudges.userId))
    .where(eq(nudges.id, id));
  return row ?? null;
}

export async function markNudge(
  db: Db,
  id: string,
  outcome: { status: 'sent' | 'failed'; channel: NudgeChannelId | null; note: string | null },
  at: Date,
): Promise<void> {
  await db
    .update(nudges)
    .set({ ...outcome, sentAt: outcome.status === 'sent' ? at : null })
    .where(and(eq(nudges.id, id), eq(nudges.status, 'queued')));
}

/** When each member of the organisation was last nudged about their own tasks, and how. */
export async function listLastNudges(
  db: Db,
  organizationId: string,
): Promise<Map<string, { at: Date; channel: NudgeChannelId }>> {
  const rows = await db
    .selectDistinctOn([nudges.userId], {
      userId: nudges.userId,
      at: nudges.sentAt,
      channel: nudges.channel,
    })
    .from(nudges)
    .where(
      and(
        eq(nudges.organizationId, organizationId),
        eq(nudges.kind, 'nudge'),
        eq(nudges.status, 'sent'),
        isNotNull(nudges.userId),
      ),
    )
    .orderBy(nudges.userId, desc(nudges.sentAt));
  const last = new Map<string, { at: Date; channel: NudgeChannelId }>();
  for (const r of rows) {
    if (r.userId && r.at && r.channel) last.set(r.userId, { at: r.at, channel: r.channel });
  }
  return last;
}
