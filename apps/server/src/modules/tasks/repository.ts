import { and, asc, count, eq, gte, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { organizations, scoreSnapshots, taskCompletions, users } from '../../db/schema';
import type { Completion, Member, Workspace } from './progress';

// Every query filters by the organisation it is given.

/** The organisation's members, or just one of them. */
export async function listTaskMembers(
  db: Db,
  organizationId: string,
  onlyUserId?: string,
): Promise<Member[]> {
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
    })
    .from(users)
    .where(
      and(
        eq(users.organizationId, organizationId),
        onlyUserId === undefined ? undefined : eq(users.id, onlyUserId),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.email));
}

const completer = alias(users, 'completer');

/** The organisation's completions, or those that count for one member. */
export async function listCompletions(
  db: Db,
  organizationId: string,
  onlyUserId?: string,
): Promise<Completion[]> {
  return db
    .select({
      catalogueId: taskCompletions.catalogueId,
      userId: taskCompletions.userId,
      completedAt: taskCompletions.completedAt,
      completedBy: sql<
        string | null
      >`nullif(trim(${completer.firstName} || ' ' || ${completer.lastName}), '')`,
    })
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

export async function countMembers(db: Db, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(eq(users.organizationId, organizationId));
  return row?.n ?? 0;
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

export async function listSnapshots(db: Db, organizationId: string, sinceDay: string) {
  return db
    .select({ date: scoreSnapshots.day, score: scoreSnapshots.score })
    .from(scoreSnapshots)
    .where(
      and(eq(scoreSnapshots.organizationId, organizationId), gte(scoreSnapshots.day, sinceDay)),
    )
    .orderBy(asc(scoreSnapshots.day));
}

/** One snapshot per organisation and day: a later one of the same day replaces it. */
export async function saveSnapshot(
  db: Db,
  organizationId: string,
  day: string,
  score: number,
): Promise<void> {
  await db
    .insert(scoreSnapshots)
    .values({ organizationId, day, score })
    .onConflictDoUpdate({
      target: [scoreSnapshots.organizationId, scoreSnapshots.day],
      set: { score, takenAt: new Date() },
    });
}

export async function findWorkspace(db: Db, organizationId: string): Promise<Workspace> {
  const [row] = await db
    .select({ workspace: organizations.workspace })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.workspace ?? null;
}

export async function listOrganizationIds(db: Db): Promise<string[]> {
  const rows = await db.select({ id: organizations.id }).from(organizations);
  return rows.map((r) => r.id);
}
