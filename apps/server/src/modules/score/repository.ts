import { and, asc, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scoreSnapshots } from '../../db/schema';

/** The daily score snapshots; each query filters by the organisation it is given. */

export async function listSnapshots(db: Db, organizationId: string, sinceDay: string) {
  return db
    .select({ date: scoreSnapshots.day, score: scoreSnapshots.score })
    .from(scoreSnapshots)
    .where(
      and(eq(scoreSnapshots.organizationId, organizationId), gte(scoreSnapshots.day, sinceDay)),
    )
    .orderBy(asc(scoreSnapshots.day));
}

/** One snapshot per organisation and day: a later one of the same day replaces it. */
export async function saveSnapshot(
  db: Db,
  organizationId: string,
  day: string,
  score: number,
): Promise<void> {
  await db
    .insert(scoreSnapshots)
    .values({ organizationId, day, score })
    .onConflictDoUpdate({
      target: [scoreSnapshots.organizationId, scoreSnapshots.day],
      set: { score, takenAt: new Date() },
    });
}
