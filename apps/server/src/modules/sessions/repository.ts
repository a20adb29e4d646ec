import { randomBytes } from 'node:crypto';
import type { PartnerRole } from '@castellan/contract';
import { and, desc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { organizations, partnerLinks, sessions, userProfileColumns, users } from '../../db/schema';
import { hashToken } from '../../lib/hash-token';
import type { ClientInfo } from './client-info';

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
  id: string;
  tokenHash: string;
  lastSeenAt: Date;
  expiresAt: Date;
  user: SessionUser;
  organization: SessionOrganization;
  /**
   * The organisation's data version as this request began (read with the session, so it costs
   * no query of its own): what the answer cache checks its answers against.
   */
  dataVersion: number;
  /**
   * The staff member acting as `user`, while impersonating, with the end of their own session
   * (null for impersonations started before it was recorded).
   */
  impersonator: {
    id: string;
    email: string;
    firstName: string;
    lastName: string;
    sessionExpiresAt: Date | null;
  } | null;
  /**
   * While a partner's administrator works in a client through a live link: the link, its role
   * and the partner's own organisation. `organization` is then the client, and `user.role` is
   * 'admin' (a read-only link's writes are refused before they reach a handler).
   */
  partner: { linkId: string; role: PartnerRole; organization: SessionOrganization } | null;
};

const impersonators = alias(users, 'impersonators');
const clients = alias(organizations, 'clients');

/** Creates a session and returns the token for the cookie (never stored as such). */
export async function createSession(
  db: Db,
  input: {
    userId: string;
    organizationId: string;
    expiresAt: Date;
    /** Where the sign-in came from, shown to the user among their sessions. */
    client: ClientInfo;
    impersonator?: { userId: string; sessionExpiresAt: Date } | null;
    now?: Date;
  },
): Promise<{ token: string; expiresAt: Date }> {
  const now = input.now ?? new Date();
  const token = randomBytes(32).toString('base64url');
  const { expiresAt } = input;
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: input.userId,
    organizationId: input.organizationId,
    impersonatorUserId: input.impersonator?.userId ?? null,
    impersonatorExpiresAt: input.impersonator?.sessionExpiresAt ?? null,
    userAgent: input.client.userAgent,
    ip: input.client.ip,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  return { token, expiresAt };
}

/**
 * The query every signed-in request makes, prepared once per database: PostgreSQL parses and
 * plans it once per connection rather than once per request.
 */
const sessionQuery = (db: Db) => {
  let prepared = preparedSessionQueries.get(db);
  if (!prepared) {
    prepared = prepareSessionQuery(db);
    preparedSessionQueries.set(db, prepared);
  }
  return prepared;
};

const prepareSessionQuery = (db: Db) =>
  db
    .select({
      id: sessions.id,
      tokenHash: sessions.tokenHash,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      impersonatorExpiresAt: sessions.impersonatorExpiresAt,
      user: userProfileColumns,
      organization: {
        id: organizations.id,
        domain: organizations.domain,
        status: organizations.status,
      },
      dataVersion: organizations.dataVersion,
      partnerLinkId: partnerLinks.id,
      partnerRole: partnerLinks.role,
      client: { id: clients.id, domain: clients.domain, status: clients.status },
      clientDataVersion: clients.dataVersion,
      impersonatorId: impersonators.id,
      impersonatorEmail: impersonators.email,
      impersonatorFirstName: impersonators.firstName,
      impersonatorLastName: impersonators.lastName,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(organizations, eq(organizations.id, sessions.organizationId))
    .leftJoin(impersonators, eq(impersonators.id, sessions.impersonatorUserId))
    // Only a live link of the user's own organisation counts, checked on every request: an
    // ended one leaves the session in the user's own organisation at once.
    .leftJoin(
      partnerLinks,
      and(
        eq(partnerLinks.id, sessions.partnerLinkId),
        eq(partnerLinks.partnerOrganizationId, sessions.organizationId),
        isNull(partnerLinks.endedAt),
        isNotNull(partnerLinks.acceptedAt),
      ),
    )
    .leftJoin(clients, eq(clients.id, partnerLinks.clientOrganizationId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('find_active_session');

const preparedSessionQueries = new WeakMap<Db, ReturnType<typeof prepareSessionQuery>>();

/** A session as read from the database, with what it depends on. */
export type SessionRow = Awaited<
  ReturnType<ReturnType<typeof prepareSessionQuery>['execute']>
>[number];

/** The session, its person, organisations and link as they are now; undefined when unknown. */
export async function readSession(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  const [row] = await sessionQuery(db).execute({ tokenHash });
  return row;
}

/** Whether a session read at some time is still within its absolute end and its idle time. */
export const sessionLive = (row: SessionRow, idleMs: number, now: Date) =>
  row.expiresAt > now && row.lastSeenAt.getTime() + idleMs > now.getTime();

/** The organisation a session works in: a client, through a live link, or its own. */
export function effectiveOrganizationId(row: SessionRow): string {
  return worksInClient(row) && row.client ? row.client.id : row.organization.id;
}

// A partner's person works in a client only while an administrator of the partner.
const worksInClient = (row: SessionRow) =>
  Boolean(row.partnerLinkId && row.partnerRole && row.client && row.user.role === 'admin');

/** The session a request sees, at `dataVersion` of the organisation it works in. */
export function toActiveSession(row: SessionRow, dataVersion: number): ActiveSession {
  const impersonator =
    row.impersonatorId && row.impersonatorEmail
      ? {
          id: row.impersonatorId,
          email: row.impersonatorEmail,
          firstName: row.impersonatorFirstName ?? '',
          lastName: row.impersonatorLastName ?? '',
          sessionExpiresAt: row.impersonatorExpiresAt,
        }
      : null;
  const base = {
    id: row.id,
    tokenHash: row.tokenHash,
    lastSeenAt: row.lastSeenAt,
    expiresAt: row.expiresAt,
    impersonator,
    user: row.user,
    dataVersion,
  };
  if (worksInClient(row) && row.partnerLinkId && row.partnerRole && row.client) {
    return {
      ...base,
      organization: row.client,
      partner: { linkId: row.partnerLinkId, role: row.partnerRole, organization: row.organization },
    };
  }
  return { ...base, organization: row.organization, partner: null };
}

/** The data version of the organisation a session read from the database works in. */
export const rowDataVersion = (row: SessionRow) =>
  worksInClient(row) ? (row.clientDataVersion ?? 0) : row.dataVersion;

/** Puts the session in a client through a partner link, or (null) back in its own organisation. */
export async function setSessionPartnerLink(
  db: Db,
  tokenHash: string,
  linkId: string | null,
): Promise<void> {
  await db.update(sessions).set({ partnerLinkId: linkId }).where(eq(sessions.tokenHash, tokenHash));
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

/**
 * The live sessions the user signed in to themselves, latest activity first: impersonations of
 * them by staff are not theirs.
 */
export async function listOwnSessions(db: Db, userId: string, idleMs: number, now = new Date()) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.impersonatorUserId),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - idleMs)),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/** Ends one of the user's own sessions; false when the user has no session with that id. */
export async function deleteOwnSession(db: Db, userId: string, id: string): Promise<boolean> {
  const removed = await db
    .delete(sessions)
    .where(
      and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.impersonatorUserId)),
    )
    .returning({ id: sessions.id });
  return removed.length > 0;
}
