import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * How many syncs of each provider run at once across every process: a fixed number of slots
 * per provider, each free or leased to one running sync until `leaseUntil`. The sync renews its
 * lease while it runs; a slot whose holder died is free again once the lease has run out.
 */
export const providerSyncSlots = pgTable(
  'provider_sync_slots',
  {
    /** The provider's integration id. */
    provider: text('provider').notNull(),
    /** 0 to the limit minus one; slots above a lowered limit are left unused. */
    slot: integer('slot').notNull(),
    /** A token of the sync run holding the slot; null when free. */
    holder: uuid('holder'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.provider, t.slot] })],
);
