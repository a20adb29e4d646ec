import type { EvidenceSource } from '@castellan/contract';
import {
  type AnyColumn,
  and,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias, union } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  taskAttestations,
  taskChanges,
  taskCompletions,
  taskEvidence,
  taskReattestation,
  users,
} from '../../db/schema';
import type { Completion } from './assignment';
import type { Evidence } from './evidence';

/**
 * Every query of the task completions and of the automatic checks' evidence; each filters by the
 * organisation it is given.
 */

const completer = alias(users, 'completer');

/** A user's full name (joined under an alias), null when they gave none. */
export function nameOf(u: { firstName: AnyColumn; lastName: AnyColumn }) {
  return sql<string | null>`nullif(trim(${u.firstName} || ' ' || ${u.lastName}), '')`;
}

/**
 * A completion with when and by whom. The completer's name is looked up by id for each row (a
 * subquery, not a join): joined, PostgreSQL read the whole users table to hash it once many
 * organisations shared it (request-plans.test.ts).
 */
const shown = {
  catalogueId: taskCompletions.catalogueId,
  userId: taskCompletions.userId,
  completedAt: taskCompletions.completedAt,
  completedBy: sql<
    string | null
  >`(select ${nameOf(completer)} from ${users} ${completer} where ${completer.id} = ${taskCompletions.completedById})`,
};

/** The organisation's completions, or those that count for one member. */
export async function listCompletions(
  db: Db,
  organizationId: string,
  onlyUserId?: string,
  onlyCatalogueIds?: ReadonlySet<string>,
): Promise<Completion[]> {
  return db
    .select(shown)
    .from(taskCompletions)
    .where(
      and(
        eq(taskCompletions.organizationId, organizationId),
        onlyUserId === undefined
          ? undefined
          : or(isNull(taskCompletions.userId), eq(taskCompletions.userId, onlyUserId)),
        onlyCatalogueIds && inArray(taskCompletions.catalogueId, [...onlyCatalogueIds]),
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

/**
 * The Individual tasks done, as (task, member) pairs: those a check passed, and those marked done
 * by hand that no check judged (a failing check keeps a task open whatever was marked).
 */
function individualDone(db: Db, organizationId: string) {
  const judgedAsDone = db
    .select({ catalogueId: taskEvidence.catalogueId, userId: taskEvidence.userId })
    .from(taskEvidence)
    .where(and(eq(taskEvidence.organizationId, organizationId), isNotNull(taskEvidence.userId)))
    .groupBy(taskEvidence.catalogueId, taskEvidence.userId)
    .having(sql`bool_and(${taskEvidence.verdict} = 'pass')`);
  const judged = db
    .select({ one: sql`1` })
    .from(taskEvidence)
    .where(
      and(
        eq(taskEvidence.organizationId, taskCompletions.organizationId),
        eq(taskEvidence.catalogueId, taskCompletions.catalogueId),
        eq(taskEvidence.userId, taskCompletions.userId),
      ),
    );
  const markedAndUnjudged = db
    .select({ catalogueId: taskCompletions.catalogueId, userId: taskCompletions.userId })
    .from(taskCompletions)
    .where(
      and(
        eq(taskCompletions.organizationId, organizationId),
        isNotNull(taskCompletions.userId),
        sql`not exists (${judged})`,
      ),
    );
  return union(judgedAsDone, markedAndUnjudged).as('done');
}

/** How many members did each Individual task. */
export async function countIndividualCompletions(
  db: Db,
  organizationId: string,
): Promise<Map<string, number>> {
  const done = individualDone(db, organizationId);
  const rows = await db
    .select({ catalogueId: done.catalogueId, done: count() })
    .from(done)
    .groupBy(done.catalogueId);
  return new Map(rows.map((r) => [r.catalogueId, r.done]));
}

/** Per member: how many of `individual` tasks they did, and how many of `highRisk` ones. */
export async function countMemberCompletions(
  db: Db,
  organizationId: string,
  individual: string[],
  highRisk: string[],
): Promise<Map<string, { done: number; highRiskDone: number }>> {
  const done = individualDone(db, organizationId);
  const rows = await db
    .select({
      userId: done.userId,
      done: sql<number>`count(*) filter (where ${inArray(done.catalogueId, individual)})::int`,
      highRiskDone: sql<number>`count(*) filter (where ${inArray(done.catalogueId, highRisk)})::int`,
    })
    .from(done)
    .groupBy(done.userId);
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

const evidenceColumns = {
  catalogueId: taskEvidence.catalogueId,
  userId: taskEvidence.userId,
  source: taskEvidence.source,
  verdict: taskEvidence.verdict,
  detail: taskEvidence.detail,
  checkedAt: taskEvidence.checkedAt,
};

/** The organisation's evidence that also meets `condition`. */
async function selectEvidence(
  db: Db,
  organizationId: string,
  condition?: SQL,
): Promise<Evidence[]> {
  const rows = await db
    .select(evidenceColumns)
    .from(taskEvidence)
    .where(and(eq(taskEvidence.organizationId, organizationId), condition));
  // `source` is stored as text; only EVIDENCE_SOURCES are ever written.
  return rows as Evidence[];
}

/** The organisation's evidence, or what concerns one member (theirs and the organisation's). */
export const listEvidence = (
  db: Db,
  organizationId: string,
  onlyUserId?: string,
  onlyCatalogueIds?: ReadonlySet<string>,
) =>
  selectEvidence(
    db,
    organizationId,
    and(
      onlyUserId === undefined
        ? undefined
        : or(isNull(taskEvidence.userId), eq(taskEvidence.userId, onlyUserId)),
      onlyCatalogueIds && inArray(taskEvidence.catalogueId, [...onlyCatalogueIds]),
    ),
  );

/** What some sources said about the organisation's tasks. */
export const listEvidenceFrom = (db: Db, organizationId: string, sources: readonly string[]) =>
  selectEvidence(db, organizationId, inArray(taskEvidence.source, [...sources]));

/** Which sources have checked something of each member (or of one): member id → sources. */
export async function listMemberEvidenceSources(
  db: Db,
  organizationId: string,
  onlyUserId?: string,
): Promise<Map<string, EvidenceSource[]>> {
  const rows = await db
    .selectDistinct({ userId: taskEvidence.userId, source: taskEvidence.source })
    .from(taskEvidence)
    .where(
      and(
        eq(taskEvidence.organizationId, organizationId),
        onlyUserId === undefined
          ? isNotNull(taskEvidence.userId)
          : eq(taskEvidence.userId, onlyUserId),
      ),
    );
  const sources = new Map<string, EvidenceSource[]>();
  for (const { userId, source } of rows) {
    if (userId) sources.set(userId, [...(sources.get(userId) ?? []), source as EvidenceSource]);
  }
  return sources;
}

/** The organisation-wide evidence (about Admin tasks) only. */
export const listOrganizationEvidence = (db: Db, organizationId: string) =>
  selectEvidence(db, organizationId, isNull(taskEvidence.userId));

/** The evidence about one task of one member (`userId` null: an Admin task). */
export const listTaskEvidence = (
  db: Db,
  organizationId: string,
  catalogueId: string,
  userId: string | null,
) =>
  selectEvidence(
    db,
    organizationId,
    and(
      eq(taskEvidence.catalogueId, catalogueId),
      userId === null ? isNull(taskEvidence.userId) : eq(taskEvidence.userId, userId),
    ),
  );

/** Replaces everything a source said about the organisation's tasks, in one transaction. */
export async function replaceEvidence(
  db: Db,
  organizationId: string,
  source: string,
  rows: Omit<Evidence, 'source'>[],
  onlyUserId?: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(taskEvidence)
      .where(
        and(
          eq(taskEvidence.organizationId, organizationId),
          eq(taskEvidence.source, source),
          onlyUserId === undefined ? undefined : eq(taskEvidence.userId, onlyUserId),
        ),
      );
    // In slices: a large workspace gives a row per member and task.
    for (let i = 0; i < rows.length; i += 500) {
      await tx
        .insert(taskEvidence)
        .values(rows.slice(i, i + 500).map((r) => ({ ...r, organizationId, source })));
    }
  });
}

/** Forgets what a source said (an integration disconnected). */
export async function deleteEvidence(
  db: Db,
  organizationId: string,
  source: string,
): Promise<number> {
  const removed = await db
    .delete(taskEvidence)
    .where(and(eq(taskEvidence.organizationId, organizationId), eq(taskEvidence.source, source)))
    .returning({ catalogueId: taskEvidence.catalogueId });
  return removed.length;
}

/** How many tasks of the organisation were marked done since a moment (the weekly digest). */
export async function countCompletionsSince(
  db: Db,
  organizationId: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(taskCompletions)
    .where(
      and(
        eq(taskCompletions.organizationId, organizationId),
        sql`${taskCompletions.completedAt} >= ${since.toISOString()}`,
      ),
    );
  return row?.n ?? 0;
}

/** A task becoming done or open again, as `task_changes` keeps it. */
export type TaskChange = {
  catalogueId: string;
  userId: string | null;
  done: boolean;
  /** 'manual' (marked by `changedById`) or one of EVIDENCE_SOURCES. */
  source: string;
  changedById: string | null;
  teamSize: number;
};

export async function recordTaskChanges(
  db: Db,
  organizationId: string,
  changes: readonly TaskChange[],
): Promise<void> {
  for (let i = 0; i < changes.length; i += 500) {
    await db
      .insert(taskChanges)
      .values(changes.slice(i, i + 500).map((c) => ({ ...c, organizationId })));
  }
}

/**
 * Records that a person marked a task done (or open again), with the team's size counted in the
 * same statement.
 */
export async function recordManualTaskChange(
  db: Db,
  organizationId: string,
  change: { catalogueId: string; userId: string | null; done: boolean; changedById: string },
): Promise<void> {
  await db.insert(taskChanges).values({
    ...change,
    organizationId,
    source: 'manual',
    teamSize: sql`(select count(*) from ${users} where ${users.organizationId} = ${organizationId})`,
  });
}

const changer = alias(users, 'changer');
const owner = alias(users, 'owner');

/** The organisation's task changes since a moment, latest first, with the names of who. */
export async function listTaskChanges(db: Db, organizationId: string, since: Date, limit: number) {
  return db
    .select({
      catalogueId: taskChanges.catalogueId,
      userId: taskChanges.userId,
      done: taskChanges.done,
      source: taskChanges.source,
      teamSize: taskChanges.teamSize,
      changedAt: taskChanges.changedAt,
      ownerName: nameOf(owner),
      changedByName: nameOf(changer),
    })
    .from(taskChanges)
    .leftJoin(owner, eq(owner.id, taskChanges.userId))
    .leftJoin(changer, eq(changer.id, taskChanges.changedById))
    .where(and(eq(taskChanges.organizationId, organizationId), gte(taskChanges.changedAt, since)))
    .orderBy(desc(taskChanges.changedAt))
    .limit(limit);
}

/**
 * Opens again every task marked done by hand whose latest attestation (or completion, when it
 * has none) is older than its re-attestation period, across organisations, and records each as
 * a change of the score. Answers how many.
 */
export async function reopenLapsedAttestations(db: Db, now: Date): Promise<number> {
  const latest = sql`coalesce((
    select max(${taskAttestations.attestedAt}) from ${taskAttestations}
    where ${taskAttestations.organizationId} = ${taskCompletions.organizationId}
      and ${taskAttestations.catalogueId} = ${taskCompletions.catalogueId}
      and ${taskAttestations.userId} is not distinct from ${taskCompletions.userId}
  ), ${taskCompletions.completedAt})`;
  return db.transaction(async (tx) => {
    const lapsed = await tx
      .select({ id: taskCompletions.id })
      .from(taskCompletions)
      .innerJoin(
        taskReattestation,
        and(
          eq(taskReattestation.organizationId, taskCompletions.organizationId),
          eq(taskReattestation.catalogueId, taskCompletions.catalogueId),
        ),
      )
      .where(
        sql`greatest(${taskCompletions.completedAt}, ${latest}) <
          ${now.toISOString()}::timestamptz - make_interval(months => ${taskReattestation.months})`,
      );
    if (lapsed.length === 0) return 0;
    const reopened = await tx
      .delete(taskCompletions)
      .where(
        inArray(
          taskCompletions.id,
          lapsed.map((r) => r.id),
        ),
      )
      .returning({
        organizationId: taskCompletions.organizationId,
        catalogueId: taskCompletions.catalogueId,
        userId: taskCompletions.userId,
      });
    if (reopened.length === 0) return 0;
    await tx.insert(taskChanges).values(
      reopened.map((r) => ({
        ...r,
        done: false,
        source: 'reattestation',
        teamSize: sql`(select count(*) from ${users} where ${users.organizationId} = ${r.organizationId})`,
      })),
    );
    return reopened.length;
  });
}
