import type { Db } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import { findDemoUserByEmail, listUsersForTestLogin, recordSignIn } from '../users/repository';

/** The users test login offers: those of demo organisations. */
export async function testLoginUsers(db: Db) {
  const rows = await listUsersForTestLogin(db);
  return rows.map((u) => ({
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    role: u.role,
    organizationStatus: u.organizationStatus,
    companyDomain: u.companyDomain,
    staff: u.isStaff,
  }));
}

/**
 * The demo user to sign in as, with the sign-in recorded. A user of a real organisation gets the
 * same answer as an unknown address, revealing nobody.
 */
export async function signInDemoUser(db: Db, email: string) {
  const user = await findDemoUserByEmail(db, email);
  if (!user) throw new NotFoundError('There is no user with that e-mail address.');
  await recordSignIn(db, user.id);
  return user;
}
