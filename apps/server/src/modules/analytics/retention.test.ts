import { describe, expect, it } from 'vitest';
import { databaseKinds, useTestApp } from '../../../test/test-app';
import { analyticsEvents } from '../../db/schema';
import { ANALYTICS_RETENTION_DAYS, purgeOldAnalyticsEvents } from './retention';

const DAY = 24 * 60 * 60_000;

describe.each(databaseKinds())('the analytics purge on %s', (kind) => {
  const server = useTestApp(kind);

  it(`deletes events received more than ${ANALYTICS_RETENTION_DAYS} days ago, and only those`, async () => {
    const { db } = server().database;
    const now = new Date('2026-06-01T12:00:00Z');
    const receivedDaysAgo = (days: number, path: string) => ({
      type: 'page_view' as const,
      path,
      // What the browser claims does not count: only when the server received the event.
      occurredAt: new Date(now.getTime() + 365 * DAY),
      receivedAt: new Date(now.getTime() - days * DAY),
    });
    await db
      .insert(analyticsEvents)
      .values([
        receivedDaysAgo(400, '/very-old'),
        receivedDaysAgo(90.01, '/just-too-old'),
        receivedDaysAgo(89.99, '/kept'),
        receivedDaysAgo(0, '/today'),
      ]);

    expect(await purgeOldAnalyticsEvents(db, now)).toBe(2);
    const left = await db.select({ path: analyticsEvents.path }).from(analyticsEvents);
    expect(left.map((e) => e.path).sort()).toEqual(['/kept', '/today']);
    expect(await purgeOldAnalyticsEvents(db, now)).toBe(0);
  });
});
