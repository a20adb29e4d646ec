import { ForbiddenError } from '../../lib/errors';
import type { ActiveSession } from './repository';

export function requireAdmin(session: ActiveSession): void {
  if (session.user.role !== 'admin') {
    throw new ForbiddenError('Only administrators of your organisation can do this.');
  }
}

/** Staff of the product; a staff member acting as someone else has that user's rights instead. */
export function requireStaff(session: ActiveSession): void {
  if (!session.user.isStaff) throw new ForbiddenError('Only Castellan staff can do this.');
}
