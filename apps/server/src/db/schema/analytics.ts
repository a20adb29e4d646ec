import { ANALYTICS_EVENT_TYPES } from '@castellan/contract';
import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

export const analyticsEventType = pgEnum('analytics_event_type', ANALYTICS_EVENT_TYPES);

/** Page views of visitors who allowed analytics; anonymous visitors have no user or organisation. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, {
      onDelete: 'cascade',
    }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    type: analyticsEventType('type').notNull(),
    path: text('path').notNull(),
    durationMs: integer('duration_ms'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('analytics_events_organization_id_idx').on(t.organizationId),
    index('analytics_events_occurred_at_idx').on(t.occurredAt),
    // The retention purge deletes by the server's time of receipt.
    index('analytics_events_received_at_idx').on(t.receivedAt),
  ],
);
