import { NUDGE_CHANNELS, ORGANIZATION_STATUSES } from '@castellan/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

export const organizationStatus = pgEnum('organization_status', ORGANIZATION_STATUSES);
export const workspaceSuite = pgEnum('workspace_suite', ['google', 'microsoft']);

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  domain: text('domain').notNull().unique(),
  status: organizationStatus('status').notNull().default('PENDING'),
  /** The Microsoft Entra tenant that owns the domain, recorded at its first Microsoft sign-in. */
  microsoftTenantId: text('microsoft_tenant_id'),
  /**
   * The office suite the organisation works in (Google Workspace or Microsoft 365), learnt from
   * how its people sign in; null while unknown. Tasks for the other suite are not assigned.
   */
  workspace: workspaceSuite('workspace'),
  /** Attacks stopped, as last counted by the organisation's integrations. */
  failedLogins: integer('failed_logins').notNull().default(0),
  blockedSpam: integer('blocked_spam').notNull().default(0),
  /**
   * Made up by the demo-data seed. Test login signs in only users of demo organisations, and a
   * demo staff member may act only as them, so a demo account never reaches a real customer.
   */
  isDemo: boolean('is_demo').notNull().default(false),
  /**
   * Other domains the organisation counts as its own (its other mail domains, close partners):
   * lower-case punycode, never a consumer mail domain. Shares with them are not "external".
   */
  trustedDomains: text('trusted_domains').array().notNull().default(sql`'{}'::text[]`),
  /**
   * The integrations it has connected, whatever their status now (kept by the integrations
   * module): tasks about a service it uses (AWS, Bitwarden) are assigned only once it is here.
   */
  connectedIntegrations: text('connected_integrations')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** The organisation's Stripe customer (`cus_...`), created on its first visit to billing. */
  stripeCustomerId: text('stripe_customer_id').unique(),
  /** Its subscription's Stripe status (`active`, `past_due`, `canceled`, ...); null when none. */
  subscriptionStatus: text('subscription_status'),
  /** When Stripe created the event that set the status: an older event never overwrites it. */
  subscriptionUpdatedAt: timestamp('subscription_updated_at', { withTimezone: true }),
  /**
   * Moves on with every write that can change an answer kept in the answer cache (the tasks, the
   * score, the team): bumped by triggers (migration 0014) on this row and on the tables those
   * answers read, so no write path, in any process, can forget it.
   */
  dataVersion: bigint('data_version', { mode: 'number' }).notNull().default(0),
  /** Which mail the organisation sends (its administrators switch them in Settings). */
  mailInvitations: boolean('mail_invitations').notNull().default(true),
  mailReminders: boolean('mail_reminders').notNull().default(true),
  /** Daily nudges about due tasks (on for new organisations), and the channel they go by. */
  nudgesEnabled: boolean('nudges_enabled').notNull().default(true),
  nudgeChannel: text('nudge_channel', { enum: NUDGE_CHANNELS }).notNull().default('email'),
  mailDigest: boolean('mail_digest').notNull().default(true),
  mailIntegrationAlerts: boolean('mail_integration_alerts').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});
