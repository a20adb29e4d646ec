import type { BaselineSettings } from '@castellan/contract';
import { PARTNER_ROLES } from '@castellan/contract/partner-rules';
import { sql } from 'drizzle-orm';
import {
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
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

/**
 * A partner's baseline: settings defined once (tasks not applicable, reminders and escalation,
 * trusted domains, approved apps) to apply to chosen clients. Applying copies them into each
 * client as its own settings; changing or deleting the baseline later changes no client.
 */
export const partnerBaselines = pgTable(
  'partner_baselines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerOrganizationId: uuid('partner_organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    settings: jsonb('settings').$type<BaselineSettings>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('partner_baselines_name').on(t.partnerOrganizationId, t.name)],
);

/**
 * What a baseline set in a client, as it was applied (the client's record: it stays when the
 * baseline or the link goes). The client's administrators see it and change any setting as usual.
 */
export const baselineApplications = pgTable(
  'baseline_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientOrganizationId: uuid('client_organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Null once the baseline is deleted; its name and settings are kept here. */
    baselineId: uuid('baseline_id').references(() => partnerBaselines.id, {
      onDelete: 'set null',
    }),
    linkId: uuid('link_id')
      .notNull()
      .references(() => partnerLinks.id, { onDelete: 'cascade' }),
    baselineName: text('baseline_name').notNull(),
    settings: jsonb('settings').$type<BaselineSettings>().notNull(),
    appliedById: uuid('applied_by_id').references(() => users.id, { onDelete: 'set null' }),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('baseline_applications_client').on(t.clientOrganizationId, t.appliedAt),
    index('baseline_applications_baseline').on(t.baselineId),
    index('baseline_applications_link').on(t.linkId),
    index('baseline_applications_applied_by').on(t.appliedById),
  ],
);
