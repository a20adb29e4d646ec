import { and, eq, gte, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  taskDeadlines,
  taskEscalationOff,
  taskNotApplicable,
  taskSnoozes,
  users,
} from '../../../db/schema';

/** The queries of tasks marked not applicable and of snoozed tasks; each filters by organisation. */

export type NotApplicableRow = { catalogueId: string; reason: string; by: string | null; at: Date };
export type SnoozeRow = { catalogueId: string; userId: string | null; until: Date };
export type DeadlineRow = { catalogueId: string; userId: string | null; openedAt: Date };
type TaskKey = { catalogueId: string; userId: string | null };

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

/** When the organisation's open tasks were first seen open: all, or those of one member. */
export async function listDeadlines(
  db: Db,
  organizationId: string,
  onlyUserId?: string,
): Promise<DeadlineRow[]> {
  return db
    .select({
      catalogueId: taskDeadlines.catalogueId,
      userId: taskDeadlines.userId,
      openedAt: taskDeadlines.openedAt,
    })
    .from(taskDeadlines)
    .where(
      and(
        eq(taskDeadlines.organizationId, organizationId),
        onlyUserId === undefined
          ? undefined
          : or(isNull(taskDeadlines.userId), eq(taskDeadlines.userId, onlyUserId)),
      ),
    );
}

/** Rows a statement carries at most, well below PostgreSQL's 65,535 parameters. */
const BATCH = 2_000;

const batches = <T>(rows: readonly T[]) =>
  Array.from({ length: Math.ceil(rows.length / BATCH) }, (_, i) =>
    rows.slice(i * BATCH, (i + 1) * BATCH),
  );

/** Starts the clock of tasks newly seen open (one already started is kept). */
export async function insertDeadlines(
  db: Db,
  organizationId: string,
  opened: readonly TaskKey[],
  openedAt: Date,
): Promise<void> {
  for (const rows of batches(opened)) {
    await db
      .insert(taskDeadlines)
      .values(rows.map((r) => ({ organizationId, ...r, openedAt })))
      .onConflictDoNothing();
  }
}

/** Stops the clock of tasks no longer open (done, not applicable, no longer assigned). */
export async function deleteDeadlines(
  db: Db,
  organizationId: string,
  closed: readonly TaskKey[],
): Promise<void> {
  for (const rows of batches(closed)) {
    const keys = sql.join(
      rows.map((r) => sql`(${r.catalogueId}, ${r.userId ?? ''})`),
      sql`, `,
    );
    await db
      .delete(taskDeadlines)
      .where(
        and(
          eq(taskDeadlines.organizationId, organizationId),
          sql`(${taskDeadlines.catalogueId}, coalesce(${taskDeadlines.userId}::text, '')) in (${keys})`,
        ),
      );
  }
}

/** The catalogue tasks whose escalation an administrator switched off. */
export async function listEscalationOff(db: Db, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ catalogueId: taskEscalationOff.catalogueId })
    .from(taskEscalationOff)
    .where(eq(taskEscalationOff.organizationId, organizationId));
  return rows.map((r) => r.catalogueId);
}

export async function saveEscalation(
  db: Db,
  organizationId: string,
  catalogueId: string,
  escalate: boolean,
  changedById: string,
): Promise<void> {
  if (escalate) {
    await db
      .delete(taskEscalationOff)
      .where(
        and(
          eq(taskEscalationOff.organizationId, organizationId),
          eq(taskEscalationOff.catalogueId, catalogueId),
        ),
      );
    return;
  }
  await db
    .insert(taskEscalationOff)
    .values({ organizationId, catalogueId, changedById })
    .onConflictDoNothing();
}
