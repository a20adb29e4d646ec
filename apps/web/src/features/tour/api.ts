import type { TourState } from '@castellan/contract';
import { http } from '../../lib/http';

/** Starts the main tour, or resumes it where it was left. */
export const startMainTour = () => http.post('tours/main').json<TourState>();
