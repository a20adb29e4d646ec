import { ATTACHMENT_TYPES } from '@castellan/contract/assurance-rules';
import { index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

export const ATTACHMENT_STORES = ['local', 's3'] as const;

/** Files kept as evidence; the bytes live in the data folder or an S3-compatible bucket. */
export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type', { enum: ATTACHMENT_TYPES }).notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    store: text('store', { enum: ATTACHMENT_STORES }).notNull(),
    uploadedById: uuid('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('attachments_organization').on(t.organizationId)],
);

/**
 * Files whose record was deleted (with its organisation, or unused), waiting for the purge job to
 * remove their bytes from the store. A trigger on `attachments` fills it, whatever deleted them.
 */
export const attachmentPurges = pgTable('attachment_purges', {
  attachmentId: uuid('attachment_id').primaryKey(),
  organizationId: uuid('organization_id').notNull(),
  store: text('store', { enum: ATTACHMENT_STORES }).notNull(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The trail of tasks marked done by hand: who stated it, when, with what note or file. A
 * member's own task (`userId`) or an Admin task (null).
 */
export const taskAttestations = pgTable(
  'task_attestations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    catalogueId: text('catalogue_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    attestedById: uuid('attested_by_id').references(() => users.id, { onDelete: 'set null' }),
    attestedAt: timestamp('attested_at', { withTimezone: true }).notNull().defaultNow(),
    note: text('note'),
    attachmentId: uuid('attachment_id').references(() => attachments.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('task_attestations_task').on(t.organizationId, t.catalogueId, t.userId, t.attestedAt),
  ],
);

/** Catalogue tasks an administrator wants attested again every `months` months. */
export const taskReattestation = pgTable(
  'task_reattestation',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    catalogueId: text('catalogue_id').notNull(),
    months: integer('months').notNull(),
    changedById: uuid('changed_by_id').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('task_reattestation_once').on(t.organizationId, t.catalogueId)],
);

/**
 * A report shared through a link: the report as it was when shared (JSON), and the SHA-256 of
 * the link's token (the token itself is shown once and never stored).
 */
export const reportShares = pgTable(
  'report_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    report: text('report').notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('report_shares_organization').on(t.organizationId)],
);

/** Each time a share link was opened: when, and by what kind of client. */
export const reportShareOpens = pgTable(
  'report_share_opens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shareId: uuid('share_id')
      .notNull()
      .references(() => reportShares.id, { onDelete: 'cascade' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    /** 'page' or 'pdf'. */
    format: text('format').notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [index('report_share_opens_share').on(t.shareId, t.openedAt)],
);
