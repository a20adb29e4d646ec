import type { AgentCheckId, AgentVerdict } from '@castellan/contract/agent-checks';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

/** What a device's last report said of each check (the report's shape, as validated). */
export type StoredAgentCheck = {
  id: AgentCheckId;
  verdict: AgentVerdict;
  evidence: string;
  needsAdmin: boolean;
};

/**
 * One-time codes from the download page: each enrolls one device of the member who asked for it.
 * Only the code's SHA-256 is kept.
 */
export const agentEnrollmentCodes = pgTable(
  'agent_enrollment_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('agent_enrollment_codes_expiry').on(t.expiresAt)],
);

/**
 * A member's computer running the agent. Only its token's SHA-256 is kept; removing the row
 * revokes the token.
 */
export const agentDevices = pgTable(
  'agent_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    name: text('name').notNull(),
    platform: text('platform', { enum: ['linux', 'darwin', 'win32'] }).notNull(),
    osVersion: text('os_version').notNull(),
    agentVersion: text('agent_version').notNull(),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the last report reached the server (what staleness is measured from). */
    lastReportAt: timestamp('last_report_at', { withTimezone: true }),
    /** The time the last report gave itself: a report must be newer to be accepted. */
    lastReportedAt: timestamp('last_reported_at', { withTimezone: true }),
    checks: jsonb('checks').$type<StoredAgentCheck[]>().notNull().default(sql`'[]'::jsonb`),
    /**
     * When a person last asked this device to check again now (the task view's button); the
     * device is due while that is newer than its last report and recent (AGENT_CHECK_NOW).
     */
    checkNowAt: timestamp('check_now_at', { withTimezone: true }),
  },
  (t) => [
    index('agent_devices_member').on(t.organizationId, t.userId),
    check('agent_devices_platform', sql`${t.platform} in ('linux', 'darwin', 'win32')`),
  ],
);
