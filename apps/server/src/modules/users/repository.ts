import type { OwnMailSettings, Role, SignInProvider } from '@castellan/contract';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  organizations,
  removedMembers,
  userIdentities,
  userProfileColumns,
  users,
} from '../../db/schema';

/** Every query of the users and of their sign-in identities. */

const userWithOrganization = {
  ...userProfileColumns,
  organizationId: users.organizationId,
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

/** A user of a demo organisation (the only ones test login signs in), whatever the case. */
export async function findDemoUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select(userWithOrganization)
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(and(eq(users.email, email.toLowerCase()), eq(organizations.isDemo, true)))
    .limit(1);
  return row ?? null;
}

/** The users of demo organisations, staff first, then by organisation, admins before members. */
export async function listUsersForTestLogin(db: Db, limit = 200) {
  return db
    .select(userWithOrganization)
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(organizations.isDemo, true))
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

/** A user of this organisation, never of another. */
export const ofOrganization = (organizationId: string, userId: string) =>
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

export async function updateName(
  db: Db,
  userId: string,
  name: { firstName: string; lastName: string },
) {
  const [row] = await db
    .update(users)
    .set(name)
    .where(eq(users.id, userId))
    .returning(userProfileColumns);
  return row ?? null;
}

// Staff looking for a user to act as: every organisation's users, with their organisation.

const candidate = { ...userWithOrganization, organizationIsDemo: organizations.isDemo };

/** `%`, `_` and the escape character itself stand for themselves in a search. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Words of a search; each must appear in the name, the e-mail or the organisation's domain. */
const MAX_TERMS = 5;

/**
 * Users matching the search, of every organisation (or of demo organisations only), by
 * organisation, admins first, then name.
 */
export async function searchUsers(
  db: Db,
  query: string,
  limit: number,
  options: { demoOnly: boolean },
) {
  const terms = query.split(/\s+/).filter(Boolean).slice(0, MAX_TERMS);
  const conditions = terms.map((term): SQL | undefined => {
    const pattern = `%${escapeLike(term)}%`;
    return or(
      ilike(users.firstName, pattern),
      ilike(users.lastName, pattern),
      ilike(users.email, pattern),
      ilike(organizations.domain, pattern),
    );
  });
  return db
    .select(candidate)
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(and(...conditions, options.demoOnly ? eq(organizations.isDemo, true) : undefined))
    .orderBy(
      asc(organizations.domain),
      asc(users.role),
      asc(sql`lower(${users.lastName})`),
      asc(sql`lower(${users.firstName})`),
      asc(users.email),
    )
    .limit(limit);
}

export async function findUserById(db: Db, userId: string) {
  const [row] = await db
    .select(candidate)
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

// Sign-in through an identity provider.

/** The user a provider's account is linked to. */
export async function findUserByIdentity(db: Db, provider: SignInProvider, subject: string) {
  const [row] = await db
    .select({ id: users.id, organizationId: users.organizationId })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)))
    .limit(1);
  return row ?? null;
}

/** What a sign-in updates: when, and the picture or name the provider gave. */
export type SignInProfile = {
  lastSignInAt: Date;
  profileImageUrl?: string;
  firstName?: string;
  lastName?: string;
};

export async function updateSignInProfile(
  db: Db,
  userId: string,
  profile: SignInProfile,
): Promise<void> {
  await db.update(users).set(profile).where(eq(users.id, userId));
}

/** A user signing in for the first time, not invited: their organisation's admin or a member. */
export async function insertSignedInUser(
  db: Db,
  input: SignInProfile & {
    organizationId: string;
    email: string;
    firstName: string;
    lastName: string;
    role: Role;
  },
): Promise<string> {
  const [row] = await db.insert(users).values(input).returning({ id: users.id });
  if (!row) throw new Error('the user was not created');
  return row.id;
}

export async function linkIdentity(
  db: Db,
  input: { provider: SignInProvider; subject: string; userId: string; organizationId: string },
): Promise<void> {
  await db.insert(userIdentities).values(input);
}

// The cyber score's view of the members. Filtered by the organisation it is given.

/** The organisation's members by name, or just one of them. */
export async function listMembersByName(
  db: Db,
  organizationId: string,
  onlyUserId?: string,
): Promise<Pick<MemberRow, 'id' | 'email' | 'firstName' | 'lastName' | 'role'>[]> {
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
    })
    .from(users)
    .where(
      and(
        eq(users.organizationId, organizationId),
        onlyUserId === undefined ? undefined : eq(users.id, onlyUserId),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.email));
}

export async function findOwnMail(
  db: Db,
  organizationId: string,
  userId: string,
): Promise<OwnMailSettings | null> {
  const [row] = await db
    .select({ remindersOptOut: users.mailRemindersOptOut, digestOptOut: users.mailDigestOptOut })
    .from(users)
    .where(ofOrganization(organizationId, userId));
  return row ? { reminders: !row.remindersOptOut, digest: !row.digestOptOut } : null;
}

export async function updateOwnMail(
  db: Db,
  organizationId: string,
  userId: string,
  settings: Partial<OwnMailSettings>,
): Promise<void> {
  await db
    .update(users)
    .set({
      ...(settings.reminders === undefined ? {} : { mailRemindersOptOut: !settings.reminders }),
      ...(settings.digest === undefined ? {} : { mailDigestOptOut: !settings.digest }),
    })
    .where(ofOrganization(organizationId, userId));
}

/** The member a signed unsubscribe link names, with their organisation. */
export async function findRecipient(db: Db, userId: string) {
  const [row] = await db
    .select({ id: users.id, organizationId: users.organizationId, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** The members of an organisation who hear about it: their address, name, role and opt-outs. */
export const listRecipients = (db: Db, organizationId: string) =>
  db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      lastSignInAt: users.lastSignInAt,
      remindersOptOut: users.mailRemindersOptOut,
      digestOptOut: users.mailDigestOptOut,
      timeZone: users.timeZone,
    })
    .from(users)
    .where(eq(users.organizationId, organizationId));

/** Keeps a removed member out: see `removedMembers`. */
export async function recordRemoval(db: Db, organizationId: string, email: string): Promise<void> {
  await db
    .insert(removedMembers)
    .values({ organizationId, email })
    .onConflictDoUpdate({
      target: [removedMembers.organizationId, removedMembers.email],
      set: { removedAt: new Date() },
    });
}

/** An invitation lets a removed member back in. */
export async function forgetRemoval(db: Db, organizationId: string, email: string): Promise<void> {
  await db
    .delete(removedMembers)
    .where(and(eq(removedMembers.organizationId, organizationId), eq(removedMembers.email, email)));
}

export async function wasRemoved(db: Db, organizationId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ email: removedMembers.email })
    .from(removedMembers)
    .where(and(eq(removedMembers.organizationId, organizationId), eq(removedMembers.email, email)))
    .limit(1);
  return row !== undefined;
}

/** The person's own time zone, as their browser (or Slack) says; unchanged rows are not written. */
export async function saveTimeZone(
  db: Db,
  organizationId: string,
  userId: string,
  timeZone: string,
): Promise<void> {
  await db
    .update(users)
    .set({ timeZone })
    .where(
      and(
        eq(users.organizationId, organizationId),
        eq(users.id, userId),
        sql`${users.timeZone} is distinct from ${timeZone}`,
      ),
    );
}

/**
 * The time zones another source (Slack) gives members, by lower-case e-mail, kept only for those
 * whose own browser has not told one yet.
 */
export async function fillTimeZones(
  db: Db,
  organizationId: string,
  zones: ReadonlyMap<string, string>,
): Promise<void> {
  for (const [email, timeZone] of zones) {
    await db
      .update(users)
      .set({ timeZone })
      .where(
        and(
          eq(users.organizationId, organizationId),
          sql`lower(${users.email}) = ${email}`,
          sql`${users.timeZone} is null`,
        ),
      );
  }
}
