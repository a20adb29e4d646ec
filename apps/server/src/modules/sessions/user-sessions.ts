import type { UserSession } from '@castellan/contract';
import type { Db } from '../../db/client';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import { describeDevice } from './device-description';
import {
  type ActiveSession,
  deleteExpiredSessions,
  deleteOwnSession,
  listOwnSessions,
} from './repository';

/** The live sessions of the user of `session`, marking the one in use. */
export async function ownSessions(
  db: Db,
  session: ActiveSession,
  idleMs: number,
): Promise<UserSession[]> {
  const rows = await listOwnSessions(db, session.user.id, idleMs);
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    device: describeDevice(row.userAgent),
    ip: row.ip,
    current: row.id === session.id,
  }));
}

/** Signs out one of the user's other sessions; the one in use ends with a logout. */
export async function endOwnSession(db: Db, session: ActiveSession, id: string): Promise<void> {
  if (id === session.id) {
    throw new BadRequestError('This is the session you are using: log out to end it.');
  }
  if (!(await deleteOwnSession(db, session.user.id, id))) {
    throw new NotFoundError('You have no session with that id.');
  }
}

/** Deletes sessions that ended or sat idle too long (they are refused anyway); resolves to how many. */
export const purgeExpiredSessions = (db: Db, idleMs: number) => deleteExpiredSessions(db, idleMs);
