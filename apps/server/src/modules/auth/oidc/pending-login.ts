import type { SignInProvider } from '@castellan/contract';
import type { Db } from '../../../db/client';
import { hashToken } from '../../../lib/hash-token';
import { deleteLoginsExpiredBefore, insertLogin, takeLogin } from './repository';

const LOGIN_TTL_MS = 10 * 60_000;

export type PendingLogin = {
  provider: SignInProvider;
  codeVerifier: string;
  nonce: string;
  returnTo: string | null;
};

export async function savePendingLogin(db: Db, state: string, login: PendingLogin): Promise<void> {
  const now = Date.now();
  await deleteLoginsExpiredBefore(db, new Date(now));
  await insertLogin(db, {
    stateHash: hashToken(state),
    ...login,
    expiresAt: new Date(now + LOGIN_TTL_MS),
  });
}

/** Takes the pending login of this state: it can be used once, and only before it expires. */
export async function takePendingLogin(db: Db, state: string): Promise<PendingLogin | null> {
  const row = await takeLogin(db, hashToken(state));
  if (!row || row.expiresAt.getTime() < Date.now()) return null;
  return {
    provider: row.provider as SignInProvider,
    codeVerifier: row.codeVerifier,
    nonce: row.nonce,
    returnTo: row.returnTo,
  };
}
