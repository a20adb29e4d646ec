import type { Db } from '../../db/client';
import { deleteEventsReceivedBefore } from './repository';

/** Page events are kept this long, then deleted. */
export const ANALYTICS_RETENTION_DAYS = 90;

/** Deletes the events older than the retention period; returns how many went. */
export function purgeOldAnalyticsEvents(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - ANALYTICS_RETENTION_DAYS * 24 * 60 * 60_000);
  return deleteEventsReceivedBefore(db, cutoff);
}
