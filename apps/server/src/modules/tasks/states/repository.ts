import { and, eq, gte, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { taskNotApplicable, taskSnoozes, users } from '../../../db/schema';

/** The queries of tasks marked not applicable and of snoozed tasks; each filters by organisation. */

export type NotApplicableRow = { catalogueId: string; reason: string; by: string | null; at: Date };
export type SnoozeRow = { catalogueId: string; userId: string | null; until: Date };

/** The organisation's tasks marked not applicable, optionally only those marked since a moment. */
export async function listNotApplicable(
  db: Db,
  organizationId: string,
  since?: Date,
): Promise<NotApplicableRow[]> {
  return db
    .select({
      catalogueId: taskNotApplicable.catalogueId,
      reason: taskNotApplicable.reason,
      by: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
      at: taskNotApplicable.markedAt,
    })
    .from(taskNotApplicable)
    .leftJoin(users, eq(users.id, taskNotApplicable.markedById))
    .where(
      and(
        eq(taskNotApplicable.organizationId, organizationId),
        since && gte(taskNotApplicable.markedAt, since),
      ),
    );
}

/** Marks a task not applicable, or replaces the reason when it already is. */
export async function saveNotApplicable(
  db: Db,
  row: { organizationId: string; catalogueId: string; reason: string; markedById: string },
): Promise<void> {
  await db
    .insert(taskNotApplicable)
    .values(row)
    .onConflictDoUpdate({
      target: [taskNotApplicable.organizationId, taskNotApplicable.catalogueId],
      set: { reason: row.reason, markedById: row.markedById, markedAt: new Date() },
    });
}

/** Makes a task applicable again; says whether it was marked. */
export async function deleteNotApplicable(
  db: Db,
  organizationId: string,
  catalogueId: string,
): Promise<boolean> {
  const removed = await db
    .delete(taskNotApplicable)
    .where(
      and(
        eq(taskNotApplicable.organizationId, organizationId),
        eq(taskNotApplicable.catalogueId, catalogueId),
      ),
    )
    .returning({ catalogueId: taskNotApplicable.catalogueId });
  return removed.length > 0;
}

/** The snoozes still running at `now`: the organisation's, or those that concern one member. */
export async function listSnoozes(
  db: Db,
  organizationId: string,
  now: Date,
  onlyUserId?: string,
): Promise<SnoozeRow[]> {
  return db
    .select({
      catalogueId: taskSnoozes.catalogueId,
      userId: taskSnoozes.userId,
      until: taskSnoozes.until,
    })
    .from(taskSnoozes)
    .where(
      and(
        eq(taskSnoozes.organizationId, organizationId),
        sql`${taskSnoozes.until} > ${now.toISOString()}`,
        onlyUserId === undefined
          ? undefined
          : or(isNull(taskSnoozes.userId), eq(taskSnoozes.userId, onlyUserId)),
      ),
    );
}

const sameTask = (organizationId: string, catalogueId: string, userId: string | null) =>
  and(
    eq(taskSnoozes.organizationId, organizationId),
    eq(taskSnoozes.catalogueId, catalogueId),
    userId === null ? isNull(taskSnoozes.userId) : eq(taskSnoozes.userId, userId),
  );

/** Snoozes a task (`userId` null: an Admin task) until a moment, replacing an earlier snooze. */
export async function saveSnooze(
  db: Db,
  row: { organizationId: string; catalogueId: string; userId: string | null; until: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(taskSnoozes).where(sameTask(row.organizationId, row.catalogueId, row.userId));
    await tx.insert(taskSnoozes).values(row);
  });
}

export async function deleteSnooze(
  db: Db,
  organizationId: string,
  catalogueId: string,
  userId: string | null,
): Promise<void> {
  await db.delete(taskSnoozes).where(sameTask(organizationId, catalogueId, userId));
}
