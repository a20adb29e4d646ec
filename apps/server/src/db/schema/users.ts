import { ROLES } from '@castellan/contract';
import {
  boolean,
  index,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

export const userRole = pgEnum('user_role', ROLES);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Always stored in lower case. */
    email: text('email').notNull().unique(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    role: userRole('role').notNull().default('user'),
    profileImageUrl: text('profile_image_url'),
    isStaff: boolean('is_staff').notNull().default(false),
    /** The member's own opt-outs (the digest concerns administrators only). */
    mailRemindersOptOut: boolean('mail_reminders_opt_out').notNull().default(false),
    mailDigestOptOut: boolean('mail_digest_opt_out').notNull().default(false),
    /** Their IANA time zone, as their browser or Slack gave it; null until known. */
    timeZone: text('time_zone'),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index('users_organization_id_idx').on(t.organizationId)],
);

/**
 * People an administrator removed: signing in again does not make them members anew (as it would
 * anyone of the organisation's domain) until an administrator invites them again.
 */
export const removedMembers = pgTable(
  'removed_members',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Always stored in lower case. */
    email: text('email').notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.email] })],
);

/** What the app shows of a user: the columns a signed-in session and a renamed user answer with. */
export const userProfileColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  profileImageUrl: users.profileImageUrl,
  isStaff: users.isStaff,
};
