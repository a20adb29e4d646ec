import type { SignInProvider } from '@castellan/contract';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { oidcLogins } from '../../../db/schema';
import { hashToken } from '../session-store';

const LOGIN_TTL_MS = 10 * 60_000;

export type PendingLogin = {
  provider: SignInProvider;
  codeVerifier: string;
  nonce: string;
  returnTo: string | null;
};

export async function savePendingLogin(db: Db, state: string, login: PendingLogin): Promise<void> {
  const now = Date.now();
  await db.delete(oidcLogins).where(lt(oidcLogins.expiresAt, new Date(now)));
  await db.insert(oidcLogins).values({
    stateHash: hashToken(state),
    ...login,
    expiresAt: new Date(now + LOGIN_TTL_MS),
  });
}

/** Takes the pending login of this state: it can be used once, and only before it expires. */
export async function takePendingLogin(db: Db, state: string): Promise<PendingLogin | null> {
  const [row] = await db
    .delete(oidcLogins)
    .where(eq(oidcLogins.stateHash, hashToken(state)))
    .returning();
  if (!row || row.expiresAt.getTime() < Date.now()) return null;
  return {
    provider: row.provider as SignInProvider,
    codeVerifier: row.codeVerifier,
    nonce: row.nonce,
    returnTo: row.returnTo,
  };
}
