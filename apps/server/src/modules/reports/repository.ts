import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reportShareOpens, reportShares, users } from '../../db/schema';
import { nameOf } from '../tasks/repository';

/** Every query of shared reports and their opens; each filters by organisation or token. */

export async function insertShare(
  db: Db,
  row: {
    organizationId: string;
    tokenHash: string;
    report: string;
    createdById: string;
    expiresAt: Date;
  },
): Promise<string> {
  const [inserted] = await db.insert(reportShares).values(row).returning({ id: reportShares.id });
  if (!inserted) throw new Error('the share was not recorded');
  return inserted.id;
}

/** How often a link was opened, and when last. */
const opens = {
  opens: sql<number>`(select count(*) from ${reportShareOpens}
    where ${reportShareOpens.shareId} = ${reportShares.id})`.mapWith(Number),
  lastOpenedAt: sql<Date | null>`(select max(${reportShareOpens.openedAt}) from ${reportShareOpens}
    where ${reportShareOpens.shareId} = ${reportShares.id})`.mapWith((v: string | Date | null) =>
    v === null ? null : new Date(v),
  ),
};

const listed = {
  id: reportShares.id,
  createdAt: reportShares.createdAt,
  createdBy: nameOf(users),
  expiresAt: reportShares.expiresAt,
  revokedAt: reportShares.revokedAt,
  ...opens,
};

export type ListedShare = {
  id: string;
  createdAt: Date;
  createdBy: string | null;
  expiresAt: Date;
  revokedAt: Date | null;
  opens: number;
  lastOpenedAt: Date | null;
};

/** The organisation's share links, newest first (one, with `id`). */
export async function listShares(
  db: Db,
  organizationId: string,
  id?: string,
): Promise<ListedShare[]> {
  return db
    .select(listed)
    .from(reportShares)
    .leftJoin(users, eq(users.id, reportShares.createdById))
    .where(
      and(
        eq(reportShares.organizationId, organizationId),
        id === undefined ? undefined : eq(reportShares.id, id),
      ),
    )
    .orderBy(desc(reportShares.createdAt));
}

/** Ends a link now; a link ended before keeps its first end. */
export async function revokeShare(db: Db, organizationId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(reportShares)
    .set({ revokedAt: sql`coalesce(${reportShares.revokedAt}, now())` })
    .where(and(eq(reportShares.organizationId, organizationId), eq(reportShares.id, id)))
    .returning({ id: reportShares.id });
  return rows.length > 0;
}

export async function findShareByToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      id: reportShares.id,
      report: reportShares.report,
      expiresAt: reportShares.expiresAt,
      revokedAt: reportShares.revokedAt,
    })
    .from(reportShares)
    .where(eq(reportShares.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

export async function recordShareOpen(
  db: Db,
  shareId: string,
  format: 'page' | 'pdf',
  userAgent: string | null,
): Promise<void> {
  await db.insert(reportShareOpens).values({ shareId, format, userAgent });
}
