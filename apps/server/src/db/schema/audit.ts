import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Security-relevant actions (impersonation, role changes, removals). No foreign keys on purpose:
 * the record outlives the users and organisations it names, so it also keeps their e-mails.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id'),
    action: text('action').notNull(),
    actorUserId: uuid('actor_user_id'),
    actorEmail: text('actor_email').notNull(),
    subjectUserId: uuid('subject_user_id'),
    subjectEmail: text('subject_email'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_events_organization_id_idx').on(t.organizationId),
    index('audit_events_created_at_idx').on(t.createdAt),
  ],
);
