import type { BaselineSettings, PartnerRole } from '@castellan/contract';
import { and, desc, eq, isNotNull, isNull, ne, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  baselineApplications,
  organizations,
  partnerBaselines,
  partnerLinks,
  users,
} from '../../db/schema';
import { nameOf } from '../tasks/repository';

const clients = alias(organizations, 'client_organizations');
const partners = alias(organizations, 'partner_organizations');

const linkColumns = {
  link: partnerLinks,
  clientDomain: clients.domain,
  partnerDomain: partners.domain,
  invitedBy: nameOf(users),
};

const selectLinks = (db: Db) =>
  db
    .select(linkColumns)
    .from(partnerLinks)
    .innerJoin(clients, eq(clients.id, partnerLinks.clientOrganizationId))
    .innerJoin(partners, eq(partners.id, partnerLinks.partnerOrganizationId))
    .leftJoin(users, eq(users.id, partnerLinks.invitedById));

/** A link with both organisations' domains and the name of who invited. */
export type PartnerLinkRow = NonNullable<Awaited<ReturnType<typeof findLink>>>;

/** One link, seen from either side; null when it is not `organizationId`'s. */
export async function findLink(db: Db, id: string, organizationId: string) {
  const [row] = await selectLinks(db)
    .where(
      and(
        eq(partnerLinks.id, id),
        or(
          eq(partnerLinks.clientOrganizationId, organizationId),
          eq(partnerLinks.partnerOrganizationId, organizationId),
        ),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The client's links, live ones first, then those ended, newest first. */
export const listClientLinks = (db: Db, clientOrganizationId: string) =>
  selectLinks(db)
    .where(eq(partnerLinks.clientOrganizationId, clientOrganizationId))
    .orderBy(partnerLinks.endedAt, desc(partnerLinks.invitedAt))
    .limit(100);

/** The partner's live links: its clients and the invitations waiting for it. */
export const listPartnerLinks = (db: Db, partnerOrganizationId: string) =>
  selectLinks(db)
    .where(
      and(
        eq(partnerLinks.partnerOrganizationId, partnerOrganizationId),
        isNull(partnerLinks.endedAt),
      ),
    )
    .orderBy(clients.domain);

/** Null when the pair already has a live link (invited or accepted). */
export async function insertLink(
  db: Db,
  input: {
    clientOrganizationId: string;
    partnerOrganizationId: string;
    role: PartnerRole;
    invitedById: string;
  },
): Promise<string | null> {
  const [row] = await db
    .insert(partnerLinks)
    .values(input)
    .onConflictDoNothing()
    .returning({ id: partnerLinks.id });
  return row?.id ?? null;
}

export async function updateLink(
  db: Db,
  id: string,
  set: Partial<
    Pick<
      typeof partnerLinks.$inferInsert,
      'role' | 'acceptedById' | 'acceptedAt' | 'endedById' | 'endedAt'
    >
  >,
): Promise<void> {
  await db
    .update(partnerLinks)
    .set(set)
    .where(and(eq(partnerLinks.id, id), isNull(partnerLinks.endedAt)));
}

/** The partner's accepted, live links with each client's data version (what cached rows follow). */
export const listLiveClients = (db: Db, partnerOrganizationId: string) =>
  db
    .select({
      linkId: partnerLinks.id,
      organizationId: partnerLinks.clientOrganizationId,
      domain: clients.domain,
      role: partnerLinks.role,
      dataVersion: clients.dataVersion,
    })
    .from(partnerLinks)
    .innerJoin(clients, eq(clients.id, partnerLinks.clientOrganizationId))
    .where(
      and(
        eq(partnerLinks.partnerOrganizationId, partnerOrganizationId),
        isNull(partnerLinks.endedAt),
        isNotNull(partnerLinks.acceptedAt),
      ),
    )
    .orderBy(clients.domain);

export const listBaselineRows = (db: Db, partnerOrganizationId: string) =>
  db
    .select()
    .from(partnerBaselines)
    .where(eq(partnerBaselines.partnerOrganizationId, partnerOrganizationId))
    .orderBy(partnerBaselines.name);

/** Null when the partner already has a baseline of that name. */
export async function insertBaseline(
  db: Db,
  row: { partnerOrganizationId: string; name: string; settings: BaselineSettings },
): Promise<string | null> {
  const [inserted] = await db
    .insert(partnerBaselines)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: partnerBaselines.id });
  return inserted?.id ?? null;
}

export async function updateBaselineRow(
  db: Db,
  partnerOrganizationId: string,
  id: string,
  set: { name: string; settings: BaselineSettings },
): Promise<'updated' | 'missing' | 'name taken'> {
  const [other] = await db
    .select({ id: partnerBaselines.id })
    .from(partnerBaselines)
    .where(
      and(
        eq(partnerBaselines.partnerOrganizationId, partnerOrganizationId),
        eq(partnerBaselines.name, set.name),
        ne(partnerBaselines.id, id),
      ),
    );
  if (other) return 'name taken';
  const updated = await db
    .update(partnerBaselines)
    .set({ ...set, updatedAt: new Date() })
    .where(
      and(
        eq(partnerBaselines.id, id),
        eq(partnerBaselines.partnerOrganizationId, partnerOrganizationId),
      ),
    )
    .returning({ id: partnerBaselines.id });
  return updated.length > 0 ? 'updated' : 'missing';
}

/** The deleted baseline's name; null when the partner has no such baseline. */
export async function deleteBaselineRow(
  db: Db,
  partnerOrganizationId: string,
  id: string,
): Promise<string | null> {
  const [deleted] = await db
    .delete(partnerBaselines)
    .where(
      and(
        eq(partnerBaselines.id, id),
        eq(partnerBaselines.partnerOrganizationId, partnerOrganizationId),
      ),
    )
    .returning({ name: partnerBaselines.name });
  return deleted?.name ?? null;
}

export async function insertApplication(
  db: Db,
  row: typeof baselineApplications.$inferInsert,
): Promise<void> {
  await db.insert(baselineApplications).values(row);
}

/** Each of the partner's baselines' latest application to each client it still looks after. */
export const listLastApplications = (db: Db, partnerOrganizationId: string) =>
  db
    .selectDistinctOn(
      [baselineApplications.baselineId, baselineApplications.clientOrganizationId],
      {
        baselineId: baselineApplications.baselineId,
        domain: clients.domain,
        at: baselineApplications.appliedAt,
      },
    )
    .from(baselineApplications)
    .innerJoin(partnerLinks, eq(partnerLinks.id, baselineApplications.linkId))
    .innerJoin(clients, eq(clients.id, baselineApplications.clientOrganizationId))
    .where(
      and(
        eq(partnerLinks.partnerOrganizationId, partnerOrganizationId),
        isNull(partnerLinks.endedAt),
      ),
    )
    .orderBy(
      baselineApplications.baselineId,
      baselineApplications.clientOrganizationId,
      desc(baselineApplications.appliedAt),
    );

/** What partners' baselines set in a client, newest first, with the partner and who applied. */
export const listApplications = (db: Db, clientOrganizationId: string) =>
  db
    .select({
      id: baselineApplications.id,
      baselineName: baselineApplications.baselineName,
      settings: baselineApplications.settings,
      appliedAt: baselineApplications.appliedAt,
      partnerDomain: partners.domain,
      appliedBy: nameOf(users),
    })
    .from(baselineApplications)
    .innerJoin(partnerLinks, eq(partnerLinks.id, baselineApplications.linkId))
    .innerJoin(partners, eq(partners.id, partnerLinks.partnerOrganizationId))
    .leftJoin(users, eq(users.id, baselineApplications.appliedById))
    .where(eq(baselineApplications.clientOrganizationId, clientOrganizationId))
    .orderBy(desc(baselineApplications.appliedAt))
    .limit(100);
