import type { Role } from '@castellan/contract';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizations, users } from '../../db/schema';

const userWithOrganization = {
  id: users.id,
  organizationId: users.organizationId,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  profileImageUrl: users.profileImageUrl,
  isStaff: users.isStaff,
  organizationStatus: organizations.status,
  companyDomain: organizations.domain,
};

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select(userWithOrganization)
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** Everyone, staff first, then by organisation, admins before members. */
export async function listUsersForTestLogin(db: Db, limit = 200) {
  return db
    .select(userWithOrganization)
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .orderBy(desc(users.isStaff), asc(organizations.domain), asc(users.role), asc(users.lastName))
    .limit(limit);
}

export async function recordSignIn(db: Db, userId: string, at = new Date()): Promise<void> {
  await db.update(users).set({ lastSignInAt: at }).where(eq(users.id, userId));
}

// Members of one organisation. Every query below filters by the organisation it is given.

const memberColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  lastSignInAt: users.lastSignInAt,
};

export type MemberRow = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  lastSignInAt: Date | null;
};

const ofOrganization = (organizationId: string, userId: string) =>
  and(eq(users.organizationId, organizationId), eq(users.id, userId));

export async function listMembers(db: Db, organizationId: string): Promise<MemberRow[]> {
  return db.select(memberColumns).from(users).where(eq(users.organizationId, organizationId));
}

export async function findMember(
  db: Db,
  organizationId: string,
  userId: string,
): Promise<MemberRow | null> {
  const [row] = await db
    .select(memberColumns)
    .from(users)
    .where(ofOrganization(organizationId, userId))
    .limit(1);
  return row ?? null;
}

/** Adds a user who has not signed in yet; null when the e-mail is taken (in any organisation). */
export async function insertMember(
  db: Db,
  input: { organizationId: string; email: string; role: Role },
): Promise<MemberRow | null> {
  const [row] = await db
    .insert(users)
    .values(input)
    .onConflictDoNothing({ target: users.email })
    .returning(memberColumns);
  return row ?? null;
}

export async function setMemberRole(
  db: Db,
  organizationId: string,
  userId: string,
  role: Role,
): Promise<MemberRow | null> {
  const [row] = await db
    .update(users)
    .set({ role })
    .where(ofOrganization(organizationId, userId))
    .returning(memberColumns);
  return row ?? null;
}

/** Deletes the user; their sessions, identities and tour state go with them (cascade). */
export async function deleteMember(db: Db, organizationId: string, userId: string): Promise<void> {
  await db.delete(users).where(ofOrganization(organizationId, userId));
}

export async function countMembers(
  db: Db,
  organizationId: string,
): Promise<{ members: number; admins: number }> {
  const rows = await db
    .select({ role: users.role, n: count() })
    .from(users)
    .where(eq(users.organizationId, organizationId))
    .groupBy(users.role);
  const admins = rows.find((r) => r.role === 'admin')?.n ?? 0;
  return { members: rows.reduce((sum, r) => sum + r.n, 0), admins };
}

/**
 * Takes the organisation's row lock until the transaction ends, so that changes to its members
 * (who is admin, who is left) happen one after the other and each sees the previous one.
 * NO KEY UPDATE still lets other transactions insert rows that reference the organisation.
 */
export async function lockMembership(db: Db, organizationId: string): Promise<void> {
  await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('no key update');
}

export async function updateName(
  db: Db,
  userId: string,
  name: { firstName: string; lastName: string },
) {
  const [row] = await db.update(users).set(name).where(eq(users.id, userId)).returning({
    id: users.id,
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
    role: users.role,
    profileImageUrl: users.profileImageUrl,
    isStaff: users.isStaff,
  });
  return row ?? null;
}
