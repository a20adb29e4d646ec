import type { AnalyticsEvent } from '@castellan/contract';
import type { Db } from '../../db/client';
import { insertEvents } from './repository';

/** Keeps the page events of a browser that consented, with who sent them when signed in. */
export async function recordPageEvents(
  db: Db,
  session: { organization: { id: string }; user: { id: string } } | null,
  events: AnalyticsEvent[],
): Promise<number> {
  await insertEvents(
    db,
    { organizationId: session?.organization.id ?? null, userId: session?.user.id ?? null },
    events,
  );
  return events.length;
}
