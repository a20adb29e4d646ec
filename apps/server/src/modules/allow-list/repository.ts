import type { AllowListKey, AllowListType } from '@castellan/contract';
import { and, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type AllowListStatus, allowListEntries, users } from '../../db/schema';

/** Every query of the allow-list; each filters by the organisation it is given. */

export type EntryRow = {
  type: AllowListType;
  value: string;
  status: AllowListStatus;
  requestedBy: string | null;
  requestedAt: Date | null;
};

/** The row of any of `keys`, grouped by type so that 500 keys make three `in` lists. */
function anyOf(keys: readonly AllowListKey[]): SQL | undefined {
  const byType = new Map<AllowListType, string[]>();
  for (const key of keys) byType.set(key.type, [...(byType.get(key.type) ?? []), key.value]);
  return or(
    ...[...byType].map(([type, values]) =>
      and(eq(allowListEntries.type, type), inArray(allowListEntries.value, values)),
    ),
  );
}

const ofKey = (organizationId: string, key: AllowListKey) =>
  and(
    eq(allowListEntries.organizationId, organizationId),
    eq(allowListEntries.type, key.type),
    eq(allowListEntries.value, key.value),
  );

/** The whole list with the e-mail of whoever asked, by value (byte order, the same everywhere). */
export async function listEntries(db: Db, organizationId: string): Promise<EntryRow[]> {
  return db
    .select({
      type: allowListEntries.type,
      value: allowListEntries.value,
      status: allowListEntries.status,
      requestedBy: users.email,
      requestedAt: allowListEntries.requestedAt,
    })
    .from(allowListEntries)
    .leftJoin(users, eq(users.id, allowListEntries.requestedById))
    .where(eq(allowListEntries.organizationId, organizationId))
    .orderBy(sql`${allowListEntries.value} collate "C"`, allowListEntries.type);
}

export async function listApproved(db: Db, organizationId: string): Promise<AllowListKey[]> {
  return db
    .select({ type: allowListEntries.type, value: allowListEntries.value })
    .from(allowListEntries)
    .where(
      and(
        eq(allowListEntries.organizationId, organizationId),
        eq(allowListEntries.status, 'approved'),
      ),
    );
}

export async function countEntries(db: Db, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ entries: count() })
    .from(allowListEntries)
    .where(eq(allowListEntries.organizationId, organizationId));
  return row?.entries ?? 0;
}

/** How many requests of this person are waiting for an administrator. */
export async function countPendingRequestedBy(
  db: Db,
  organizationId: string,
  userId: string,
): Promise<number> {
  const [row] = await db
    .select({ entries: count() })
    .from(allowListEntries)
    .where(
      and(
        eq(allowListEntries.organizationId, organizationId),
        eq(allowListEntries.status, 'pending'),
        eq(allowListEntries.requestedById, userId),
      ),
    );
  return row?.entries ?? 0;
}

/** Which of `keys` the list holds already, with their status. */
export async function findEntries(
  db: Db,
  organizationId: string,
  keys: readonly AllowListKey[],
): Promise<(AllowListKey & { status: AllowListStatus })[]> {
  if (keys.length === 0) return [];
  return db
    .select({
      type: allowListEntries.type,
      value: allowListEntries.value,
      status: allowListEntries.status,
    })
    .from(allowListEntries)
    .where(and(eq(allowListEntries.organizationId, organizationId), anyOf(keys)));
}

export type NewEntry = AllowListKey & { status: AllowListStatus };

/**
 * Adds entries absent from the list: a pending one as asked for by `actorId`, an approved one as
 * decided by them. Entries present already are left alone; the added ones are returned.
 */
export async function insertEntries(
  db: Db,
  organizationId: string,
  actorId: string,
  entries: readonly NewEntry[],
): Promise<NewEntry[]> {
  if (entries.length === 0) return [];
  const now = new Date();
  return db
    .insert(allowListEntries)
    .values(
      entries.map((entry) => ({
        organizationId,
        ...entry,
        ...(entry.status === 'pending'
          ? { requestedById: actorId, requestedAt: now }
          : { decidedById: actorId, decidedAt: now }),
      })),
    )
    .onConflictDoNothing()
    .returning({
      type: allowListEntries.type,
      value: allowListEntries.value,
      status: allowListEntries.status,
    });
}

/** Pending → approved for those of `keys` still pending; returns the ones approved. */
export async function approvePending(
  db: Db,
  organizationId: string,
  actorId: string,
  keys: readonly AllowListKey[],
): Promise<AllowListKey[]> {
  if (keys.length === 0) return [];
  return db
    .update(allowListEntries)
    .set({ status: 'approved', decidedById: actorId, decidedAt: new Date() })
    .where(
      and(
        eq(allowListEntries.organizationId, organizationId),
        eq(allowListEntries.status, 'pending'),
        anyOf(keys),
      ),
    )
    .returning({ type: allowListEntries.type, value: allowListEntries.value });
}

/** A pending entry with whoever asked for it (null when they are gone); null when not pending. */
export async function findPending(
  db: Db,
  organizationId: string,
  key: AllowListKey,
): Promise<{ requester: { id: string; email: string } | null } | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(allowListEntries)
    .leftJoin(users, eq(users.id, allowListEntries.requestedById))
    .where(and(ofKey(organizationId, key), eq(allowListEntries.status, 'pending')))
    .limit(1);
  if (!row) return null;
  return { requester: row.id && row.email ? { id: row.id, email: row.email } : null };
}

/** Removes a pending entry; false when it was not pending (any more). */
export async function deletePending(
  db: Db,
  organizationId: string,
  key: AllowListKey,
): Promise<boolean> {
  const rows = await db
    .delete(allowListEntries)
    .where(and(ofKey(organizationId, key), eq(allowListEntries.status, 'pending')))
    .returning({ id: allowListEntries.id });
  return rows.length > 0;
}

/** Removes those of `keys` the list holds, whatever their status; returns the ones removed. */
export async function deleteEntries(
  db: Db,
  organizationId: string,
  keys: readonly AllowListKey[],
): Promise<NewEntry[]> {
  if (keys.length === 0) return [];
  return db
    .delete(allowListEntries)
    .where(and(eq(allowListEntries.organizationId, organizationId), anyOf(keys)))
    .returning({
      type: allowListEntries.type,
      value: allowListEntries.value,
      status: allowListEntries.status,
    });
}
