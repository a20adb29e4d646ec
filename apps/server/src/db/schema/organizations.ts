import { ORGANIZATION_STATUSES } from '@castellan/contract';
import { pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const organizationStatus = pgEnum('organization_status', ORGANIZATION_STATUSES);

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  domain: text('domain').notNull().unique(),
  status: organizationStatus('status').notNull().default('PENDING'),
  /** The Microsoft Entra tenant that owns the domain, recorded at its first Microsoft sign-in. */
  microsoftTenantId: text('microsoft_tenant_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});
