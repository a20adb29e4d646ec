import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { oidcLogins } from '../../../db/schema';

/** Sign-ins in progress, by the hash of their state. */

export type PendingLoginRow = typeof oidcLogins.$inferSelect;

export async function deleteLoginsExpiredBefore(db: Db, now: Date): Promise<void> {
  await db.delete(oidcLogins).where(lt(oidcLogins.expiresAt, now));
}

export async function insertLogin(db: Db, row: PendingLoginRow): Promise<void> {
  await db.insert(oidcLogins).values(row);
}

/** Deletes the login of this state hash and returns it: it can be taken once. */
export async function takeLogin(db: Db, stateHash: string): Promise<PendingLoginRow | null> {
  const [row] = await db.delete(oidcLogins).where(eq(oidcLogins.stateHash, stateHash)).returning();
  return row ?? null;
}
