import type { TourState, TourStatus, TourStepRef } from '@castellan/contract';
import type { Db } from '../../db/client';
import { BadRequestError } from '../../lib/errors';
import { findMainTour, saveMainTour } from './repository';

type Owner = { userId: string; organizationId: string };

/** The administrator's tours: the main one, once they have started it. */
export async function toursOf(db: Db, userId: string): Promise<TourState[]> {
  const state = await findMainTour(db, userId);
  return state
    ? [{ tourType: state.tourType, status: state.status, currentStepId: state.currentStepId }]
    : [];
}

/**
 * Starts the tour, or resumes it at its step; a completed tour, or a step the tour no longer has,
 * starts again from the first step. The steps (already validated by the contract) bound the step
 * indexes saved later.
 */
export async function startMainTour(
  db: Db,
  owner: Owner,
  steps: readonly TourStepRef[],
): Promise<TourState> {
  const current = await findMainTour(db, owner.userId);
  const kept = current && current.status !== 'completed' ? (current.currentStepId ?? 0) : 0;
  const step = kept < steps.length ? kept : 0;
  return saveMainTour(db, owner, {
    status: 'started',
    currentStepId: step,
    stepCount: steps.length,
  });
}

/** Records the step the administrator is on, or how the tour ended. */
export async function updateMainTour(
  db: Db,
  owner: Owner,
  state: { status: TourStatus; currentStepId: number | null },
): Promise<TourState> {
  const current = await findMainTour(db, owner.userId);
  const count = current?.stepCount ?? null;
  if (state.currentStepId !== null && count !== null && state.currentStepId >= count) {
    throw new BadRequestError(
      `currentStepId must be a step of the tour: 0 to ${count - 1} (it has ${count} steps).`,
    );
  }
  return saveMainTour(db, owner, state);
}
