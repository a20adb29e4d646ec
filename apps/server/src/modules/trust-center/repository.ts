import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizations, trustPages } from '../../db/schema';

export type TrustPageRow = {
  published: boolean;
  showDomainReport: boolean;
  showCyberScore: boolean;
  practices: string[];
  updatedAt: Date;
};

const columns = {
  published: trustPages.published,
  showDomainReport: trustPages.showDomainReport,
  showCyberScore: trustPages.showCyberScore,
  practices: trustPages.practices,
  updatedAt: trustPages.updatedAt,
};

/** The organisation's trust page settings; null until an administrator first saves them. */
export async function findTrustPage(db: Db, organizationId: string): Promise<TrustPageRow | null> {
  const [row] = await db
    .select(columns)
    .from(trustPages)
    .where(eq(trustPages.organizationId, organizationId))
    .limit(1);
  return row ?? null;
}

export async function saveTrustPage(
  db: Db,
  organizationId: string,
  settings: Omit<TrustPageRow, 'updatedAt'>,
): Promise<TrustPageRow> {
  const [row] = await db
    .insert(trustPages)
    .values({ organizationId, ...settings })
    .onConflictDoUpdate({
      target: trustPages.organizationId,
      set: { ...settings, updatedAt: new Date() },
    })
    .returning(columns);
  if (!row) throw new Error('the trust page was not saved');
  return row;
}

/** The published trust page of the organisation on this domain, if there is one. */
export async function findPublishedTrustPage(
  db: Db,
  domain: string,
): Promise<(TrustPageRow & { organizationId: string; domain: string }) | null> {
  const [row] = await db
    .select({ ...columns, organizationId: organizations.id, domain: organizations.domain })
    .from(trustPages)
    .innerJoin(organizations, eq(organizations.id, trustPages.organizationId))
    .where(eq(organizations.domain, domain))
    .limit(1);
  return row?.published ? row : null;
}
