import { createHash, randomBytes } from 'node:crypto';
import { eq, lt, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { organizations, sessions, users } from '../../db/schema';

export type SessionUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: 'admin' | 'user';
  profileImageUrl: string | null;
  isStaff: boolean;
};

export type SessionOrganization = { id: string; domain: string; status: 'PENDING' | 'REGISTERED' };

export type ActiveSession = {
  tokenHash: string;
  lastSeenAt: Date;
  user: SessionUser;
  organization: SessionOrganization;
  /** The staff member acting as `user`, while impersonating. */
  impersonator: { id: string; email: string; firstName: string; lastName: string } | null;
};

const impersonators = alias(users, 'impersonators');

export const hashToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

/** Creates a session and returns the token for the cookie (never stored as such). */
export async function createSession(
  db: Db,
  input: {
    userId: string;
    organizationId: string;
    maxAgeMs: number;
    impersonatorUserId?: string | null;
    now?: Date;
  },
): Promise<{ token: string; expiresAt: Date }> {
  const now = input.now ?? new Date();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + input.maxAgeMs);
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: input.userId,
    organizationId: input.organizationId,
    impersonatorUserId: input.impersonatorUserId ?? null,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  return { token, expiresAt };
}

/** The live session for a token, or null when it is unknown, idle too long or past its end. */
export async function findActiveSession(
  db: Db,
  token: string,
  idleMs: number,
  now = new Date(),
): Promise<ActiveSession | null> {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({
      tokenHash: sessions.tokenHash,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      user: {
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
        profileImageUrl: users.profileImageUrl,
        isStaff: users.isStaff,
      },
      organization: {
        id: organizations.id,
        domain: organizations.domain,
        status: organizations.status,
      },
      impersonatorId: impersonators.id,
      impersonatorEmail: impersonators.email,
      impersonatorFirstName: impersonators.firstName,
      impersonatorLastName: impersonators.lastName,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(organizations, eq(organizations.id, sessions.organizationId))
    .leftJoin(impersonators, eq(impersonators.id, sessions.impersonatorUserId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  if (!row) return null;
  if (row.expiresAt <= now || row.lastSeenAt.getTime() + idleMs <= now.getTime()) {
    await deleteSession(db, tokenHash);
    return null;
  }
  const impersonator =
    row.impersonatorId && row.impersonatorEmail
      ? {
          id: row.impersonatorId,
          email: row.impersonatorEmail,
          firstName: row.impersonatorFirstName ?? '',
          lastName: row.impersonatorLastName ?? '',
        }
      : null;
  return {
    tokenHash: row.tokenHash,
    lastSeenAt: row.lastSeenAt,
    user: row.user,
    organization: row.organization,
    impersonator,
  };
}

export async function touchSession(db: Db, tokenHash: string, now = new Date()): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Housekeeping: drops sessions past their absolute end or idle for too long. */
export async function deleteExpiredSessions(
  db: Db,
  idleMs: number,
  now = new Date(),
): Promise<number> {
  const removed = await db
    .delete(sessions)
    .where(
      or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - idleMs))),
    )
    .returning({ tokenHash: sessions.tokenHash });
  return removed.length;
}

export async function deleteSessionsOfUser(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
