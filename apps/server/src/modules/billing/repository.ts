import type { Db } from '../../db/client';
import { stripeEvents } from '../../db/schema';

/** Every query of the Stripe events already handled. */

/** Records that event `id` is being handled; false when it was already (a redelivery). */
export async function recordStripeEvent(db: Db, id: string, type: string): Promise<boolean> {
  const rows = await db
    .insert(stripeEvents)
    .values({ id, type })
    .onConflictDoNothing({ target: stripeEvents.id })
    .returning({ id: stripeEvents.id });
  return rows.length > 0;
}
