import type { UpdateTourRequest } from '@castellan/contract';
import { api } from '../../lib/api';
import { ADMIN_TOUR_STEPS, stepRefs } from './admin-tour-steps';

export { toursQuery } from './tours-query';

/**
 * Starts the main tour, or resumes it where it was left, sending its steps (the server refuses an
 * empty or invalid list); undefined when the server was busy.
 */
export const startMainTour = () =>
  api('POST', '/tours/main', { body: { steps: stepRefs(ADMIN_TOUR_STEPS) } });

/** Records the step the tour is at, or how it ended. */
export const saveMainTour = (body: UpdateTourRequest) => api('PUT', '/tours/main', { body });
