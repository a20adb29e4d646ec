import type { AppSuite } from '@castellan/contract';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

/**
 * The outside apps an administrator approved to reach company mail, files or calendars in an
 * office suite. `clientId` is Google's OAuth client id or Microsoft's application id.
 */
export const approvedApps = pgTable(
  'approved_apps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    suite: text('suite').$type<AppSuite>().notNull(),
    clientId: text('client_id').notNull(),
    approvedById: uuid('approved_by_id').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }).notNull().defaultNow(),
    note: text('note'),
  },
  (t) => [
    unique('approved_apps_once').on(t.organizationId, t.suite, t.clientId),
    check('approved_apps_suite', sql`${t.suite} in ('google', 'microsoft')`),
    // Deleting a user sets this to null; without an index that scans every organisation's list.
    index('approved_apps_approved_by').on(t.approvedById),
  ],
);
