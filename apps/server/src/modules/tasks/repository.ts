import { and, count, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { taskCompletions, users } from '../../db/schema';
import type { Completion } from './assignment';

/** Every query of the task completions; each filters by the organisation it is given. */

const completer = alias(users, 'completer');

/** A completion with when and by whom (the completer's name, read with it). */
const shown = {
  catalogueId: taskCompletions.catalogueId,
  userId: taskCompletions.userId,
  completedAt: taskCompletions.completedAt,
  completedBy: sql<
    string | null
  >`nullif(trim(${completer.firstName} || ' ' || ${completer.lastName}), '')`,
};

/** The organisation's completions, or those that count for one member. */
export async function listCompletions(
  db: Db,
  organizationId: string,
  onlyUserId?: string,
): Promise<Completion[]> {
  return db
    .select(shown)
    .from(taskCompletions)
    .leftJoin(completer, eq(completer.id, taskCompletions.completedById))
    .where(
      and(
        eq(taskCompletions.organizationId, organizationId),
        onlyUserId === undefined
          ? undefined
          : or(isNull(taskCompletions.userId), eq(taskCompletions.userId, onlyUserId)),
      ),
    );
}

/** The Admin tasks done (once for the organisation). */
export async function listAdminCompletions(db: Db, organizationId: string): Promise<Completion[]> {
  return db
    .select({ catalogueId: taskCompletions.catalogueId, userId: taskCompletions.userId })
    .from(taskCompletions)
    .where(and(eq(taskCompletions.organizationId, organizationId), isNull(taskCompletions.userId)));
}

/** How many members did each Individual task. */
export async function countIndividualCompletions(
  db: Db,
  organizationId: string,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ catalogueId: taskCompletions.catalogueId, done: count() })
    .from(taskCompletions)
    .where(
      and(eq(taskCompletions.organizationId, organizationId), isNotNull(taskCompletions.userId)),
    )
    .groupBy(taskCompletions.catalogueId);
  return new Map(rows.map((r) => [r.catalogueId, r.done]));
}

/** Per member: how many of `individual` tasks they did, and how many of `highRisk` ones. */
export async function countMemberCompletions(
  db: Db,
  organizationId: string,
  individual: string[],
  highRisk: string[],
): Promise<Map<string, { done: number; highRiskDone: number }>> {
  const rows = await db
    .select({
      userId: taskCompletions.userId,
      done: sql<number>`count(*) filter (where ${inArray(taskCompletions.catalogueId, individual)})::int`,
      highRiskDone: sql<number>`count(*) filter (where ${inArray(taskCompletions.catalogueId, highRisk)})::int`,
    })
    .from(taskCompletions)
    .where(
      and(eq(taskCompletions.organizationId, organizationId), isNotNull(taskCompletions.userId)),
    )
    .groupBy(taskCompletions.userId);
  return new Map(rows.map((r) => [r.userId ?? '', { done: r.done, highRiskDone: r.highRiskDone }]));
}

/**
 * Records a completion and returns when; null when it was already recorded (completing a done
 * task again changes nothing).
 */
export async function recordCompletion(
  db: Db,
  input: {
    organizationId: string;
    catalogueId: string;
    catalogueVersion: number;
    userId: string | null;
    completedById: string;
  },
): Promise<Date | null> {
  const [row] = await db
    .insert(taskCompletions)
    .values(input)
    .onConflictDoNothing()
    .returning({ completedAt: taskCompletions.completedAt });
  return row?.completedAt ?? null;
}

/** The completion of one task: an Admin task's (`userId` null) or a member's own. */
export async function findCompletion(
  db: Db,
  organizationId: string,
  catalogueId: string,
  userId: string | null,
): Promise<Completion | null> {
  const [row] = await db
    .select(shown)
    .from(taskCompletions)
    .leftJoin(completer, eq(completer.id, taskCompletions.completedById))
    .where(
      and(
        eq(taskCompletions.organizationId, organizationId),
        eq(taskCompletions.catalogueId, catalogueId),
        userId === null ? isNull(taskCompletions.userId) : eq(taskCompletions.userId, userId),
      ),
    )
    .limit(1);
  return row ?? null;
}
