import { NUDGE_CHANNELS } from '@castellan/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

/**
 * When each open task was first seen open, for its due date: a member's own task (`userId`), or
 * an Admin task (null). Kept while the task stays open or snoozed; dropped when it is done or no
 * longer applies, so that a task open again is given time again.
 */
export const taskDeadlines = pgTable(
  'task_deadlines',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    catalogueId: text('catalogue_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('task_deadlines_once').on(t.organizationId, t.catalogueId, t.userId).nullsNotDistinct(),
  ],
);

/** Catalogue tasks whose overdue copies administrators asked not to be told of. */
export const taskEscalationOff = pgTable(
  'task_escalation_off',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    catalogueId: text('catalogue_id').notNull(),
    changedById: uuid('changed_by_id').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('task_escalation_off_once').on(t.organizationId, t.catalogueId)],
);

export const NUDGE_KINDS = ['nudge', 'summary'] as const;
export const NUDGE_STATUSES = ['queued', 'sent', 'failed'] as const;

/**
 * Every nudge and administrators' summary, recorded before it is queued: whom, which day of
 * their clock, what it named, where it went. `day` with the person makes it once a day across
 * processes; a summary posted to a channel has no person.
 */
export const nudges = pgTable(
  'nudges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NUDGE_KINDS }).notNull(),
    /** The person's (or, for a channel's summary, UTC) calendar day it was for: 2026-12-01. */
    day: text('day').notNull(),
    /** The tasks it names, as the job renders them (ids, titles, due dates, owners). */
    tasks: text('tasks').notNull(),
    taskCount: integer('task_count').notNull(),
    status: text('status', { enum: NUDGE_STATUSES }).notNull().default('queued'),
    /** Where it went: a channel of NUDGE_CHANNELS; null until sent. */
    channel: text('channel', { enum: NUDGE_CHANNELS }),
    /** Why a channel could not take it (then e-mail did), or why it failed. */
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    unique('nudges_once').on(t.organizationId, t.userId, t.kind, t.day).nullsNotDistinct(),
    index('nudges_user_sent').on(t.userId, t.sentAt),
    check('nudges_kind', sql`${t.kind} in ('nudge', 'summary')`),
    check('nudges_status', sql`${t.status} in ('queued', 'sent', 'failed')`),
  ],
);
