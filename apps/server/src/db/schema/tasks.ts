import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

/**
 * Done tasks. Open tasks are not stored: they follow from the catalogue and the members, so the
 * catalogue can grow and new members get their tasks without any migration of progress.
 */
export const taskCompletions = pgTable(
  'task_completions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    catalogueId: text('catalogue_id').notNull(),
    /** The member who owns an Individual task; null for an Admin task, done once for everyone. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    catalogueVersion: integer('catalogue_version').notNull(),
    completedById: uuid('completed_by_id').references(() => users.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('task_completions_once')
      .on(t.organizationId, t.catalogueId, t.userId)
      .nullsNotDistinct(),
    index('task_completions_user').on(t.userId),
  ],
);

/**
 * What automatic checks (the domain scan, the integrations, the endpoint agent) say about tasks:
 * one verdict per task, member (null: the organisation, for an Admin task) and source. Each source
 * replaces all of its rows when it reports, so a verdict is always the source's latest word.
 * A failing verdict keeps a task open whatever was marked by hand; a passing one completes it.
 */
export const taskEvidence = pgTable(
  'task_evidence',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    catalogueId: text('catalogue_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** One of EVIDENCE_SOURCES: 'domain-scan', 'gws', 'm365', 'meta', 'agent'. */
    source: text('source').notNull(),
    verdict: text('verdict', { enum: ['pass', 'fail'] }).notNull(),
    detail: text('detail'),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('task_evidence_once')
      .on(t.organizationId, t.catalogueId, t.userId, t.source)
      .nullsNotDistinct(),
    index('task_evidence_source').on(t.organizationId, t.source),
    index('task_evidence_user').on(t.userId),
    check('task_evidence_verdict', sql`${t.verdict} in ('pass', 'fail')`),
  ],
);

/** The cyber score once a day, for the trend on the dashboard. */
export const scoreSnapshots = pgTable(
  'score_snapshots',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    score: real('score').notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.day] })],
);
