import { z } from 'zod';
import { endpoint } from './endpoint';

export const TOUR_STATUSES = [
  'not_started',
  'started',
  'continue_later',
  'dismissed',
  'completed',
] as const;
export type TourStatus = (typeof TOUR_STATUSES)[number];

/** The most steps a tour may have (and so the highest step index is one less). */
export const MAX_TOUR_STEPS = 50;

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
  currentStepId: z
    .number()
    .int()
    .min(0)
    .max(MAX_TOUR_STEPS - 1)
    .nullable(),
  status: z.enum(TOUR_STATUSES),
});
export type UpdateTourRequest = z.input<typeof updateTourRequest>;

/** A step of a tour as the server sees it: the page it belongs to and the element it shows. */
export const tourStepRef = z.strictObject({
  routePath: z
    .string()
    .regex(/^\/[a-z0-9/-]*$/, { message: 'must be an app path such as /dashboard' }),
  elementId: z
    .string()
    .regex(/^[A-Za-z][\w-]*$/, { message: 'must be an element id' })
    .max(100)
    .nullable(),
});
export type TourStepRef = z.infer<typeof tourStepRef>;

/**
 * `POST /api/tours/main`: starts or resumes the tour with its steps. An empty or invalid step
 * list is refused (spec §5); the number of steps bounds the step index saved later.
 */
export const startTourRequest = z.strictObject({
  steps: z
    .array(tourStepRef)
    .min(1, { message: 'must list at least one step' })
    .max(MAX_TOUR_STEPS, { message: `must list at most ${MAX_TOUR_STEPS} steps` }),
});
export type StartTourRequest = z.input<typeof startTourRequest>;

export const toursEndpoints = {
  getTours: endpoint({
    method: 'GET',
    path: '/tours',
    access: 'admin',
    response: { 200: toursResponse },
    summary: 'Where the administrator is in the guided tours',
  }),
  startMainTour: endpoint({
    method: 'POST',
    path: '/tours/main',
    access: 'admin',
    body: startTourRequest,
    response: { 200: tourState },
    summary: 'Start or resume the main tour with its steps',
  }),
  updateMainTour: endpoint({
    method: 'PUT',
    path: '/tours/main',
    access: 'admin',
    body: updateTourRequest,
    response: { 200: tourState },
    summary: 'Record the step or the end of the main tour',
  }),
};
