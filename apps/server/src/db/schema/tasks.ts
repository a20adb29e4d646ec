import { sql } from 'drizzle-orm';
import {
  boolean,
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
    /** One of the contract's EVIDENCE_SOURCES: the domain scan, a provider's id, or the agent. */
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

/**
 * Catalogue tasks an administrator marked not applicable to the organisation, with why. They
 * leave the score, progress and frameworks' totals for everyone until made applicable again.
 */
export const taskNotApplicable = pgTable(
  'task_not_applicable',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    catalogueId: text('catalogue_id').notNull(),
    reason: text('reason').notNull(),
    markedById: uuid('marked_by_id').references(() => users.id, { onDelete: 'set null' }),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.catalogueId] })],
);

/** Tasks put aside until a date: a member's own (`userId`), or an Admin task's (null). */
export const taskSnoozes = pgTable(
  'task_snoozes',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    catalogueId: text('catalogue_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    until: timestamp('until', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('task_snoozes_once').on(t.organizationId, t.catalogueId, t.userId).nullsNotDistinct(),
    index('task_snoozes_user').on(t.userId),
  ],
);

/**
 * Each time a task became done or open again for the score: a member's Individual task, or
 * (`user_id` null) an Admin task; by a person marking it (`source` 'manual') or by an automatic
 * check (one of EVIDENCE_SOURCES). `team_size` is the number of members then, which sets what an
 * Individual task was worth. The score's "what moved it" reads these.
 */
export const taskChanges = pgTable(
  'task_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    catalogueId: text('catalogue_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    done: boolean('done').notNull(),
    source: text('source').notNull(),
    changedById: uuid('changed_by_id').references(() => users.id, { onDelete: 'set null' }),
    teamSize: integer('team_size').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('task_changes_organization').on(t.organizationId, t.changedAt)],
);
