import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { partnerLinks } from './partners';
import { users } from './users';

/**
 * Server-side sessions. The cookie holds a random token; only its SHA-256 is stored, so a copy
 * of this table cannot be replayed as cookies.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** What the user and the API call a session by; never the token or its hash. */
    id: uuid('id').notNull().defaultRandom().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Set while a staff member acts as `userId`: the staff member's own user. */
    impersonatorUserId: uuid('impersonator_user_id').references(() => users.id, {
      onDelete: 'cascade',
    }),
    /** While impersonating: when the staff member's own session would have ended. */
    impersonatorExpiresAt: timestamp('impersonator_expires_at', { withTimezone: true }),
    /**
     * Set while a partner's administrator works in a client: the link it goes through. Each
     * request checks that the link is still live; an ended one puts the session back in the
     * user's own organisation (`organizationId`).
     */
    partnerLinkId: uuid('partner_link_id').references(() => partnerLinks.id, {
      onDelete: 'set null',
    }),
    /** The browser and client address at sign-in, shown in the user's list of sessions. */
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute expiry: the session ends then however active it is. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);
