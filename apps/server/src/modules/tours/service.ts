import type { TourState, TourStatus } from '@castellan/contract';
import type { Db } from '../../db/client';
import { findMainTour, saveMainTour } from './repository';

type Owner = { userId: string; organizationId: string };

/** The administrator's tours: the main one, once they have started it. */
export async function toursOf(db: Db, userId: string): Promise<TourState[]> {
  const state = await findMainTour(db, userId);
  return state ? [state] : [];
}

/** Starts the tour, or resumes it at its step; a completed tour starts again from the first step. */
export async function startMainTour(db: Db, owner: Owner): Promise<TourState> {
  const current = await findMainTour(db, owner.userId);
  const step = current && current.status !== 'completed' ? (current.currentStepId ?? 0) : 0;
  return saveMainTour(db, owner, { status: 'started', currentStepId: step });
}

export async function updateMainTour(
  db: Db,
  owner: Owner,
  state: { status: TourStatus; currentStepId: number | null },
): Promise<TourState> {
  return saveMainTour(db, owner, state);
}
