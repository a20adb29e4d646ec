import type { AnalyticsEvent } from '@castellan/contract';
import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { analyticsEvents } from '../../db/schema';

export async function insertEvents(
  db: Db,
  who: { organizationId: string | null; userId: string | null },
  events: AnalyticsEvent[],
): Promise<void> {
  await db.insert(analyticsEvents).values(
    events.map((event) => ({
      ...who,
      type: event.type,
      path: event.path,
      durationMs: event.durationMs ?? null,
      occurredAt: new Date(event.occurredAt),
    })),
  );
}

/** Deletes the events received before `cutoff` (the server's clock: a browser's may be wrong). */
export async function deleteEventsReceivedBefore(db: Db, cutoff: Date): Promise<number> {
  const rows = await db
    .delete(analyticsEvents)
    .where(lt(analyticsEvents.receivedAt, cutoff))
    .returning({ id: analyticsEvents.id });
  return rows.length;
}
