import { MAIL_KINDS, MAIL_STATUSES } from '@castellan/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

/**
 * Every message the app sends, recorded before it is queued. The subject and bodies are what the
 * job sends; they are emptied after 30 days (the recipient, kind, time and result stay).
 * `dedupeKey` makes a message unique across processes: a reminder per member and week, say.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: MAIL_KINDS }).notNull(),
    recipient: text('recipient').notNull(),
    dedupeKey: text('dedupe_key').unique(),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    subject: text('subject'),
    bodyText: text('body_text'),
    bodyHtml: text('body_html'),
    /** The sender's display name when not the product's own (a practice message's). */
    fromName: text('from_name'),
    /** Extra headers (List-Unsubscribe), kept with the bodies and emptied with them. */
    headers: text('headers'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_messages_organization_created').on(t.organizationId, t.createdAt),
    index('mail_messages_user_kind').on(t.userId, t.kind),
    check(
      'mail_messages_kind',
      sql`${t.kind} in ('invitation', 'reminder', 'digest', 'integration_alert', 'nudge', 'watch_alert', 'phishing_practice', 'phishing_thanks')`,
    ),
    check('mail_messages_status', sql`${t.status} in ('queued', 'sent', 'retrying', 'failed')`),
  ],
);
