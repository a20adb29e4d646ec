import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { mailMessages } from './mail';
import { organizations } from './organizations';
import { users } from './users';

/**
 * An organisation's phishing practice: the administrator who confirmed they may run it (and the
 * words they confirmed), and the key of its report address (`report+<key>@…`).
 */
export const phishingSettings = pgTable('phishing_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  consentedById: uuid('consented_by_id').references(() => users.id, { onDelete: 'set null' }),
  consentedByEmail: text('consented_by_email').notNull(),
  consentedAt: timestamp('consented_at', { withTimezone: true }).notNull().defaultNow(),
  consentText: text('consent_text').notNull(),
  reportKey: text('report_key').notNull().unique(),
});

export const phishingCampaigns = pgTable(
  'phishing_campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    templateId: text('template_id').notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
  },
  (t) => [index('phishing_campaigns_organization').on(t.organizationId, t.createdAt)],
);

/**
 * One practice message: to whom, when it is due, the mail that carried it, and what its person did.
 * Only times are kept of what happened on the practice page: never anything that was typed.
 */
export const phishingMessages = pgTable(
  'phishing_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => phishingCampaigns.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    recipient: text('recipient').notNull(),
    /** SHA-256 of the link's token, made when the message is sent: the only way to its page. */
    tokenHash: text('token_hash').unique(),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    /** The recorded mail once queued; its status and sent time say whether it arrived. */
    mailMessageId: uuid('mail_message_id').references(() => mailMessages.id, {
      onDelete: 'set null',
    }),
    /** Why it was never queued (the person left, mail was turned off). */
    failed: text('failed'),
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    lessonDoneAt: timestamp('lesson_done_at', { withTimezone: true }),
    /** Set when it went unclicked and unreported long enough to count as ignored. */
    ignoredAt: timestamp('ignored_at', { withTimezone: true }),
    scannerVisits: integer('scanner_visits').notNull().default(0),
  },
  (t) => [
    index('phishing_messages_campaign').on(t.campaignId),
    index('phishing_messages_user').on(t.organizationId, t.userId),
    index('phishing_messages_due')
      .on(t.sendAt)
      .where(sql`${t.mailMessageId} is null and ${t.failed} is null`),
    check('phishing_messages_scanner_visits', sql`${t.scannerVisits} >= 0`),
  ],
);
