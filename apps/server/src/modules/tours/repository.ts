import type { TourState, TourStatus } from '@castellan/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tourStates } from '../../db/schema';

const MAIN = 'main';

/** The main tour of an administrator, with the number of steps it was last started with. */
export async function findMainTour(
  db: Db,
  userId: string,
): Promise<(TourState & { stepCount: number | null }) | null> {
  const [row] = await db
    .select({
      status: tourStates.status,
      currentStepId: tourStates.currentStepId,
      stepCount: tourStates.stepCount,
    })
    .from(tourStates)
    .where(and(eq(tourStates.userId, userId), eq(tourStates.tourType, MAIN)))
    .limit(1);
  return row ? { tourType: MAIN, ...row } : null;
}

export async function saveMainTour(
  db: Db,
  owner: { userId: string; organizationId: string },
  state: { status: TourStatus; currentStepId: number | null; stepCount?: number },
): Promise<TourState> {
  await db
    .insert(tourStates)
    .values({ ...owner, tourType: MAIN, ...state })
    .onConflictDoUpdate({ target: [tourStates.userId, tourStates.tourType], set: state });
  return { tourType: MAIN, status: state.status, currentStepId: state.currentStepId };
}
