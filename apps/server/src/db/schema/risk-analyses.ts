import type { AttackState, ScanReport } from '@castellan/contract';
import { SCAN_STATES } from '@castellan/contract';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';
import { watchTargets } from './watch';

export const scanState = pgEnum('scan_state', SCAN_STATES);

/**
 * Scans of domains: an organisation's own (kept as its history) and public ones
 * (`organization_id` null, kept as a cache).
 */
export const domainScans = pgTable(
  'domain_scans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, {
      onDelete: 'cascade',
    }),
    domain: text('domain').notNull(),
    state: scanState('state').notNull().default('running'),
    checksDone: integer('checks_done').notNull().default(0),
    checksTotal: integer('checks_total').notNull(),
    requestedById: uuid('requested_by_id').references(() => users.id, { onDelete: 'set null' }),
    report: jsonb('report').$type<ScanReport>(),
    error: text('error'),
    /**
     * The watched name it scanned, other than the organisation's own domain: another domain it
     * owns, or a subdomain. Null for the organisation's own domain and for public scans; only
     * those are the organisation's analysis (tasks, attack graph, score).
     */
    watchTargetId: uuid('watch_target_id').references(() => watchTargets.id, {
      onDelete: 'cascade',
    }),
    /** Which checks it runs: all of them, or (a subdomain) the website's and certificate's. */
    scope: text('scope', { enum: ['full', 'web'] })
      .notNull()
      .default('full'),
    /** A stored sample report given to a demo organisation (demo data only), not a real scan. */
    sample: boolean('sample').notNull().default(false),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('domain_scans_organization').on(t.organizationId, t.startedAt),
    index('domain_scans_domain').on(t.domain, t.startedAt),
    index('domain_scans_watch_target').on(t.watchTargetId, t.startedAt),
  ],
);

/**
 * What the expected breach cost was computed from, once a day: the headcount and each way in
 * that was not closed, with its state and likelihood. The cost explains its change since a week
 * ago from these.
 */
export const breachCostSnapshots = pgTable(
  'breach_cost_snapshots',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    headcount: integer('headcount').notNull(),
    entryPoints: jsonb('entry_points')
      .$type<Record<string, { state: AttackState; likelihood: number }>>()
      .notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.day] })],
);
