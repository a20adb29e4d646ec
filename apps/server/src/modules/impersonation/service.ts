import type { ImpersonationCandidate } from '@castellan/contract';
import type { Db } from '../../db/client';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { recordAuditEvent } from '../audit/repository';
import type { ActiveSession } from '../auth/session-store';
import { findUserById, searchUsers } from './repository';

/** How many users one search answers at most. */
export const SEARCH_LIMIT = 50;

/** Where a request came from, kept with the audit record. */
export type ClientInfo = { ip: string; userAgent: string | null };

export async function findCandidates(db: Db, query: string): Promise<ImpersonationCandidate[]> {
  const rows = await searchUsers(db, query, SEARCH_LIMIT);
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
 * the user to open the new session for; the caller issues it.
 */
export async function startImpersonation(
  db: Db,
  session: ActiveSession,
  userId: string,
  client: ClientInfo,
) {
  const target = await findUserById(db, userId);
  if (!target) throw new NotFoundError('There is no user with that id.');
  if (target.id === session.user.id) throw new ForbiddenError('You cannot impersonate yourself.');
  if (target.isStaff) {
    throw new ForbiddenError('Staff members cannot impersonate other staff members.');
  }
  await recordAuditEvent(db, {
    action: 'impersonation.started',
    organizationId: target.organizationId,
    actor: session.user,
    subject: target,
    details: { ...client },
  });
  return target;
}

/**
 * Records the end of the impersonation of `session`. Returns the staff member to sign back in,
 * or null when they no longer exist or are no longer staff (then the session simply ends).
 */
export async function endImpersonation(
  db: Db,
  session: ActiveSession & { impersonator: NonNullable<ActiveSession['impersonator']> },
  client: ClientInfo,
) {
  await recordAuditEvent(db, {
    action: 'impersonation.ended',
    organizationId: session.organization.id,
    actor: session.impersonator,
    subject: session.user,
    details: { ...client },
  });
  const staff = await findUserById(db, session.impersonator.id);
  return staff?.isStaff ? staff : null;
}
