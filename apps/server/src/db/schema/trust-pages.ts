import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/**
 * An organisation's public trust page at /trust-center/<domain>: off until an administrator
 * publishes it, and showing only what they chose.
 */
export const trustPages = pgTable('trust_pages', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  published: boolean('published').notNull().default(false),
  /** Show the grade and date of the organisation's latest domain report (an administrator's choice). */
  showDomainReport: boolean('show_domain_report').notNull().default(false),
  /** Show the grade of its cyber score (an administrator's choice). */
  showCyberScore: boolean('show_cyber_score').notNull().default(false),
  /** The security practices it lists, in its own words (plain text, shown as written). */
  practices: text('practices').array().notNull().default(sql`'{}'::text[]`),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});
