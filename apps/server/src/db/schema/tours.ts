import { TOUR_STATUSES } from '@castellan/contract';
import { integer, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

export const tourStatus = pgEnum('tour_status', TOUR_STATUSES);

export const tourStates = pgTable(
  'tour_states',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    tourType: text('tour_type').notNull(),
    status: tourStatus('status').notNull(),
    currentStepId: integer('current_step_id'),
    /** How many steps the tour had when last started: the highest step index is one less. */
    stepCount: integer('step_count'),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tourType] })],
);
