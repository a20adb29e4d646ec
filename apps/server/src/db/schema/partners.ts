import { PARTNER_ROLES } from '@castellan/contract/partner-rules';
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

/**
 * A client organisation's link to its partner (an IT provider's own organisation): invited by a
 * client administrator, accepted by a partner administrator, ended by either at any time. While
 * it is live, the partner's administrators may open the client with the link's role. Kept after
 * it ends, as the client's record of who had access; one live link per pair.
 */
export const partnerLinks = pgTable(
  'partner_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientOrganizationId: uuid('client_organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    partnerOrganizationId: uuid('partner_organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    role: text('role', { enum: PARTNER_ROLES }).notNull(),
    invitedById: uuid('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedById: uuid('accepted_by_id').references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    endedById: uuid('ended_by_id').references(() => users.id, { onDelete: 'set null' }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('partner_links_live')
      .on(t.clientOrganizationId, t.partnerOrganizationId)
      .where(sql`${t.endedAt} is null`),
    index('partner_links_partner').on(t.partnerOrganizationId),
    index('partner_links_client').on(t.clientOrganizationId),
  ],
);
