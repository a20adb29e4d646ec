import { z } from 'zod';

export const TOUR_STATUSES = [
  'not_started',
  'started',
  'continue_later',
  'dismissed',
  'completed',
] as const;
export type TourStatus = (typeof TOUR_STATUSES)[number];

export const tourState = z.object({
  tourType: z.literal('main'),
  status: z.enum(TOUR_STATUSES),
  currentStepId: z.number().int().min(0).nullable(),
});
export type TourState = z.infer<typeof tourState>;

/** `GET /api/tours` */
export const toursResponse = z.array(tourState);
export type ToursResponse = z.infer<typeof toursResponse>;

/** `PUT /api/tours/main` */
export const updateTourRequest = z.strictObject({
  currentStepId: z.number().int().min(0).max(99).nullable(),
  status: z.enum(TOUR_STATUSES),
});
export type UpdateTourRequest = z.input<typeof updateTourRequest>;
