import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

/**
 * An organisation's connection to a provider (Google Workspace, Microsoft 365, Meta). Tokens
 * are stored sealed (AES-256-GCM, lib/secret-box.ts), never in clear. `facts` holds what the
 * last sync read that pages show as they are (stale accounts, the super-admin count, shares).
 */
export const integrations = pgTable(
  'integrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** One of INTEGRATION_IDS. */
    integrationId: text('integration_id').notNull(),
    status: text('status', {
      enum: ['connected', 'invalid_token', 'permission_missing'],
    }).notNull(),
    /** The provider account that granted access (shown, and used as a login hint). */
    accountEmail: text('account_email'),
    /** The provider's id of what was connected: the Microsoft tenant, the Meta user. */
    accountId: text('account_id'),
    connectedById: uuid('connected_by_id').references(() => users.id, { onDelete: 'set null' }),
    connectedSince: timestamp('connected_since', { withTimezone: true }).notNull().defaultNow(),
    accessTokenSealed: text('access_token_sealed'),
    refreshTokenSealed: text('refresh_token_sealed'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
    syncState: text('sync_state', { enum: ['idle', 'queued', 'running', 'failed'] })
      .notNull()
      .default('idle'),
    syncError: text('sync_error'),
    syncRequestedAt: timestamp('sync_requested_at', { withTimezone: true }),
    lastScan: timestamp('last_scan', { withTimezone: true }),
    facts: jsonb('facts').$type<Record<string, unknown>>(),
    /** What the last sync read and judged, as the integrations page shows it. */
    syncCounts: jsonb('sync_counts').$type<{
      usersRead: number;
      checksPassed: number;
      checksFailed: number;
    }>(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    unique('integrations_once').on(t.organizationId, t.integrationId),
    check(
      'integrations_status',
      sql`${t.status} in ('connected', 'invalid_token', 'permission_missing')`,
    ),
    check(
      'integrations_sync_state',
      sql`${t.syncState} in ('idle', 'queued', 'running', 'failed')`,
    ),
  ],
);
