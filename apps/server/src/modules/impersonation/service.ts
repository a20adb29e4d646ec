import type { ImpersonationCandidate } from '@castellan/contract';
import type { Db } from '../../db/client';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { auditActor } from '../audit/actor';
import { recordAuditEvent } from '../audit/repository';
import type { ClientInfo } from '../sessions/client-info';
import type { ActiveSession } from '../sessions/repository';
import { findUserById, searchUsers } from '../users/repository';

/** How many users one search answers at most. */
export const SEARCH_LIMIT = 50;

/** An impersonation ends after an hour at the latest, however active it is. */
export const IMPERSONATION_MAX_MS = 60 * 60_000;

/**
 * A staff member of a demo organisation (whom test login signs in) sees and acts as users of
 * demo organisations only, never as a real customer. Unknown staff count as demo: fail closed.
 */
async function limitedToDemo(db: Db, staffUserId: string): Promise<boolean> {
  const staff = await findUserById(db, staffUserId);
  return staff?.organizationIsDemo ?? true;
}

export async function findCandidates(
  db: Db,
  session: ActiveSession,
  query: string,
): Promise<ImpersonationCandidate[]> {
  const demoOnly = await limitedToDemo(db, session.user.id);
  const rows = await searchUsers(db, query, SEARCH_LIMIT, { demoOnly });
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    companyDomain: row.companyDomain,
    organizationStatus: row.organizationStatus,
    staff: row.isStaff,
  }));
}

/**
 * Checks that the staff member of `session` may act as `userId` and records the start. Returns
 * the user to open the new session for, and when that session ends: within the hour, and never
 * after the staff member's own session would have. The caller issues it.
 */
export async function startImpersonation(
  db: Db,
  session: ActiveSession,
  userId: string,
  client: ClientInfo,
) {
  const target = await findUserById(db, userId);
  // A real customer is as unknown to a demo staff member as in the search.
  if (!target || (!target.organizationIsDemo && (await limitedToDemo(db, session.user.id)))) {
    throw new NotFoundError('There is no user with that id.');
  }
  if (target.id === session.user.id) throw new ForbiddenError('You cannot impersonate yourself.');
  if (target.isStaff) {
    throw new ForbiddenError('Staff members cannot impersonate other staff members.');
  }
  await recordAuditEvent(db, {
    action: 'impersonation.started',
    organizationId: target.organizationId,
    actor: auditActor(session),
    subject: target,
    details: { ...client },
  });
  const expiresAt = new Date(
    Math.min(Date.now() + IMPERSONATION_MAX_MS, session.expiresAt.getTime()),
  );
  return { target, expiresAt };
}

/**
 * Records the end of the impersonation of `session`. Returns the staff member to sign back in
 * with the end their own session had, so acting as someone never lengthens it; or null when they
 * no longer exist, are no longer staff or their own session is over (then the session just ends).
 */
export async function endImpersonation(
  db: Db,
  session: ActiveSession & { impersonator: NonNullable<ActiveSession['impersonator']> },
  client: ClientInfo,
) {
  await recordAuditEvent(db, {
    action: 'impersonation.ended',
    organizationId: session.organization.id,
    actor: auditActor(session),
    subject: session.user,
    details: { ...client },
  });
  const { sessionExpiresAt } = session.impersonator;
  if (!sessionExpiresAt || sessionExpiresAt.getTime() <= Date.now()) return null;
  const staff = await findUserById(db, session.impersonator.id);
  return staff?.isStaff ? { staff, expiresAt: sessionExpiresAt } : null;
}
