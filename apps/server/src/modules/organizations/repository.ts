import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizations } from '../../db/schema';

export async function findOrganization(db: Db, organizationId: string) {
  const [row] = await db
    .select({
      id: organizations.id,
      domain: organizations.domain,
      status: organizations.status,
      failedLogins: organizations.failedLogins,
      blockedSpam: organizations.blockedSpam,
      createdAt: organizations.createdAt,
      updatedAt: organizations.updatedAt,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  return row ?? null;
}

/** Removes the organisation; its users, sessions and every other row of it go with it (cascade). */
export async function deleteOrganization(db: Db, organizationId: string): Promise<void> {
  await db.delete(organizations).where(eq(organizations.id, organizationId));
}
