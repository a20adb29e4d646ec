import {
  WATCH_CHANGE_KINDS,
  WATCH_DIRECTIONS,
  WATCH_FREQUENCIES,
  WATCH_TARGET_KINDS,
  WATCH_TARGET_SOURCES,
} from '@castellan/contract/watch-rules';
import { index, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

/** How often an organisation's watched names are scanned; no row: daily. */
export const watchSettings = pgTable('watch_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  frequency: text('frequency', { enum: WATCH_FREQUENCIES }).notNull().default('daily'),
  changedById: uuid('changed_by_id').references(() => users.id, { onDelete: 'set null' }),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The names the watch scans on its schedule: the organisation's own domain (a trigger adds it
 * with the organisation, migration 0026) and up to 20 more. `nextScanAt` keeps each name's own
 * minute of the day, spread by a hash of its id, so that not every name is due at once.
 */
export const watchTargets = pgTable(
  'watch_targets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: WATCH_TARGET_KINDS }).notNull(),
    source: text('source', { enum: WATCH_TARGET_SOURCES }).notNull(),
    addedById: uuid('added_by_id').references(() => users.id, { onDelete: 'set null' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    nextScanAt: timestamp('next_scan_at', { withTimezone: true }).notNull(),
    /** When its latest scan was started, by schedule or by hand: the per-name rate limit. */
    lastScanStartedAt: timestamp('last_scan_started_at', { withTimezone: true }),
  },
  (t) => [
    unique('watch_targets_name').on(t.organizationId, t.name),
    index('watch_targets_due').on(t.nextScanAt),
  ],
);

/**
 * What a scan found changed since the one before it on the same name. `key` names the state the
 * change led to (see modules/watch/scan-changes.ts): a scan run again after a crash finds the
 * same changes and records none twice, and an expiry warning is recorded once per certificate
 * and threshold. `alertedAt`: when the administrators were told.
 */
export const watchChanges = pgTable(
  'watch_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    targetId: uuid('target_id')
      .notNull()
      .references(() => watchTargets.id, { onDelete: 'cascade' }),
    /** The scan that found it (no reference: the change outlives the scan's row). */
    scanId: uuid('scan_id').notNull(),
    kind: text('kind', { enum: WATCH_CHANGE_KINDS }).notNull(),
    key: text('key').notNull(),
    direction: text('direction', { enum: WATCH_DIRECTIONS }).notNull(),
    summary: text('summary').notNull(),
    catalogueId: text('catalogue_id'),
    before: text('before'),
    after: text('after'),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull(),
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
    /** When the organisation's messaging channel took the alert (so a retried job posts once). */
    postedAt: timestamp('posted_at', { withTimezone: true }),
  },
  (t) => [
    unique('watch_changes_once').on(t.targetId, t.scanId, t.key),
    index('watch_changes_timeline').on(t.organizationId, t.detectedAt),
    index('watch_changes_target_key').on(t.targetId, t.key),
  ],
);

/** The latest certificate transparency search for names under the organisation's domain. */
export const watchCtSearches = pgTable('watch_ct_searches', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  state: text('state', { enum: ['searching', 'done', 'failed'] }).notNull(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  searchedAt: timestamp('searched_at', { withTimezone: true }),
  error: text('error'),
  names: jsonb('names').$type<{ name: string; firstSeen: string | null }[]>().notNull().default([]),
});
