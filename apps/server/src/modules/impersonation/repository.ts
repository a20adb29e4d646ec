import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizations, users } from '../../db/schema';

const candidate = {
  id: users.id,
  organizationId: users.organizationId,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  profileImageUrl: users.profileImageUrl,
  isStaff: users.isStaff,
  companyDomain: organizations.domain,
  organizationStatus: organizations.status,
};

/** `%`, `_` and the escape character itself stand for themselves in a search. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Words of a search; each must appear in the name, the e-mail or the organisation's domain. */
const MAX_TERMS = 5;

/** Users of every organisation matching the search, by organisation, admins first, then name. */
export async function searchUsers(db: Db, query: string, limit: number) {
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
    .where(and(...conditions))
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
