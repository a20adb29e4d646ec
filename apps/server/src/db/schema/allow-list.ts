import type { AllowListType } from '@castellan/contract';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

export type AllowListStatus = 'approved' | 'pending';

/**
 * What the organisation allows to be shared outside it in Google Workspace: outside users,
 * outside domains and single files. Values are stored as the contract normalises them.
 */
export const allowListEntries = pgTable(
  'allow_list_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    type: text('type').$type<AllowListType>().notNull(),
    value: text('value').notNull(),
    status: text('status').$type<AllowListStatus>().notNull(),
    requestedById: uuid('requested_by_id').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    decidedById: uuid('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('allow_list_entries_once').on(t.organizationId, t.type, t.value),
    check('allow_list_entries_type', sql`${t.type} in ('user', 'domain', 'file')`),
    check('allow_list_entries_status', sql`${t.status} in ('approved', 'pending')`),
    // Deleting a user sets these to null; without an index that scans every organisation's list.
    index('allow_list_entries_requested_by').on(t.requestedById),
    index('allow_list_entries_decided_by').on(t.decidedById),
  ],
);
