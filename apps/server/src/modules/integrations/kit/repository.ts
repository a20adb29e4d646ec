import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { integrations } from '../../../db/schema';

/** Every query of the integrations table; each filters by the organisation it is given. */

export type IntegrationRow = typeof integrations.$inferSelect;
type Status = IntegrationRow['status'];
type SyncState = IntegrationRow['syncState'];

export async function listIntegrationRows(
  db: Db,
  organizationId: string,
): Promise<IntegrationRow[]> {
  return db.select().from(integrations).where(eq(integrations.organizationId, organizationId));
}

export async function findIntegrationRow(
  db: Db,
  organizationId: string,
  integrationId: string,
): Promise<IntegrationRow | null> {
  const [row] = await db
    .select()
    .from(integrations)
    .where(
      and(
        eq(integrations.organizationId, organizationId),
        eq(integrations.integrationId, integrationId),
      ),
    );
  return row ?? null;
}

/**
 * The connected integrations of provider `integrationId` with the provider's account `accountId`,
 * in every organisation: whom a request the provider signs (a Slack button press) is about.
 */
export async function listConnectedByAccount(
  db: Db,
  integrationId: string,
  accountId: string,
): Promise<IntegrationRow[]> {
  return db
    .select()
    .from(integrations)
    .where(
      and(
        eq(integrations.integrationId, integrationId),
        eq(integrations.accountId, accountId),
        eq(integrations.status, 'connected'),
      ),
    );
}

/** A new grant: connected now, with its sealed tokens; the previous grant's data is dropped. */
export async function saveGrant(
  db: Db,
  grant: {
    organizationId: string;
    integrationId: string;
    status: Status;
    accountEmail: string | null;
    connectedById: string | null;
    accessTokenSealed: string | null;
    refreshTokenSealed: string | null;
    tokenExpiresAt: Date | null;
    scopes: string[];
    accountId?: string | null;
  },
): Promise<IntegrationRow> {
  const fresh = {
    accountId: null,
    ...grant,
    connectedSince: new Date(),
    syncState: 'idle' as const,
    syncError: null,
    syncRequestedAt: null,
    lastScan: null,
    facts: null,
    syncCounts: null,
  };
  const [row] = await db
    .insert(integrations)
    .values(fresh)
    .onConflictDoUpdate({
      target: [integrations.organizationId, integrations.integrationId],
      set: fresh,
    })
    .returning();
  if (!row) throw new Error('the integration was not saved');
  return row;
}

/** New tokens after a refresh (the grant stays the same). */
export async function saveTokens(
  db: Db,
  id: string,
  tokens: { accessTokenSealed: string; refreshTokenSealed?: string; tokenExpiresAt: Date },
): Promise<void> {
  await db.update(integrations).set(tokens).where(eq(integrations.id, id));
}

export async function setStatus(
  db: Db,
  id: string,
  status: Status,
  sync: { state: SyncState; error: string | null },
): Promise<void> {
  await db
    .update(integrations)
    .set({ status, syncState: sync.state, syncError: sync.error })
    .where(eq(integrations.id, id));
}

export async function setSyncState(
  db: Db,
  id: string,
  state: SyncState,
  error: string | null = null,
): Promise<void> {
  await db
    .update(integrations)
    .set({
      syncState: state,
      syncError: error,
      ...(state === 'queued' ? { syncRequestedAt: new Date() } : {}),
    })
    .where(eq(integrations.id, id));
}

/** A sync's outcome: what it read, when, and the integration working. */
/** A sync's facts; `state` stays 'running' while the sync still has its checks to judge. */
export async function saveSyncResult(
  db: Db,
  id: string,
  facts: Record<string, unknown>,
  at: Date,
  state: SyncState = 'idle',
): Promise<void> {
  await db
    .update(integrations)
    .set({ status: 'connected', syncState: state, syncError: null, lastScan: at, facts })
    .where(eq(integrations.id, id));
}

export type SyncCounts = NonNullable<IntegrationRow['syncCounts']>;

/** How many users the last sync read, and how its checks came out as judged now. */
export async function saveSyncCounts(db: Db, id: string, counts: SyncCounts): Promise<void> {
  await db.update(integrations).set({ syncCounts: counts }).where(eq(integrations.id, id));
}

export async function deleteIntegrationRow(
  db: Db,
  organizationId: string,
  integrationId: string,
): Promise<IntegrationRow | null> {
  const [row] = await db
    .delete(integrations)
    .where(
      and(
        eq(integrations.organizationId, organizationId),
        eq(integrations.integrationId, integrationId),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Connected integrations whose sync is due, in every organisation, the longest unsynced first.
 * Each has its own time in every period of `everyMs` (its ids hashed to a second of the period),
 * so that integrations connected together do not stay due together. Due: never synced, or not
 * since the leeway before its time last came round (a sync shortly before its time stands for
 * it); so never more than a period and the leeway after its last sync. PostgreSQL works it out
 * for each connected row: one pass over a few tens of thousands.
 */
export async function listDueIntegrations(
  db: Db,
  now: Date,
  schedule: { everyMs: number; leewayMs: number },
): Promise<{ organizationId: string; integrationId: string }[]> {
  const periodSeconds = Math.round(schedule.everyMs / 1000);
  const slotSecond = sql`(('x' || left(md5(${integrations.organizationId}::text || ':' || ${integrations.integrationId}), 8))::bit(32)::bigint % ${periodSeconds}::int)`;
  const sinceSlot = sql`mod(${Math.floor(now.getTime() / 1000)}::bigint - ${slotSecond}, ${periodSeconds}::int)`;
  const leewaySeconds = Math.round(schedule.leewayMs / 1000);
  const dueBefore = sql`${now.toISOString()}::timestamptz - (${sinceSlot} + ${leewaySeconds}::int) * interval '1 second'`;
  return db
    .select({
      organizationId: integrations.organizationId,
      integrationId: integrations.integrationId,
    })
    .from(integrations)
    .where(
      and(
        eq(integrations.status, 'connected'),
        sql`${integrations.syncState} in ('idle', 'failed')`,
        or(isNull(integrations.lastScan), sql`${integrations.lastScan} < ${dueBefore}`),
      ),
    )
    .orderBy(sql`${integrations.lastScan} asc nulls first`);
}

/** The organisations' connections that need someone: a token or permission problem, a failed sync. */
export async function listTroubledIntegrations(db: Db, organizationIds: readonly string[]) {
  if (organizationIds.length === 0) return [];
  return db
    .select({
      organizationId: integrations.organizationId,
      integrationId: integrations.integrationId,
      status: integrations.status,
      syncState: integrations.syncState,
    })
    .from(integrations)
    .where(
      and(
        inArray(integrations.organizationId, [...organizationIds]),
        or(sql`${integrations.status} <> 'connected'`, eq(integrations.syncState, 'failed')),
      ),
    );
}
