import type { PartnerRole } from '@castellan/contract';
import { and, desc, eq, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { organizations, partnerLinks, users } from '../../db/schema';
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
