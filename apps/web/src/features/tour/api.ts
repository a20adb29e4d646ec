import type { UpdateTourRequest } from '@castellan/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, apiQuery } from '../../lib/api';
import { ADMIN_TOUR_STEPS, stepRefs } from './admin-tour-steps';

/**
 * Where the administrator is in the tours; read afresh whenever the app layout mounts (null when
 * the server was too busy to answer).
 */
export const toursQuery = queryOptions({
  queryKey: ['tours'],
  queryFn: apiQuery('/tours'),
  staleTime: 0,
  retry: false,
  refetchOnWindowFocus: false,
});

/**
 * Starts the main tour, or resumes it where it was left, sending its steps (the server refuses an
 * empty or invalid list); undefined when the server was busy.
 */
export const startMainTour = () =>
  api('POST', '/tours/main', { body: { steps: stepRefs(ADMIN_TOUR_STEPS) } });

/** Records the step the tour is at, or how it ended. */
export const saveMainTour = (body: UpdateTourRequest) => api('PUT', '/tours/main', { body });
