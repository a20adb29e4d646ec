import { z } from 'zod';
import { isoDateTime } from './common';
import { endpoint } from './endpoint';

export const ANALYTICS_EVENT_TYPES = ['page_view', 'page_leave'] as const;

export const analyticsEvent = z.strictObject({
  type: z.enum(ANALYTICS_EVENT_TYPES),
  /** The page's path only: a query or fragment could carry tokens or personal data. */
  path: z
    .string()
    .min(1)
    .max(512)
    .startsWith('/', { message: 'must be a path starting with /' })
    .regex(/^[^?#]*$/, { message: 'must be a path without query or fragment' }),
  occurredAt: isoDateTime,
  /** For page_leave: how long the page was open. */
  durationMs: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3_600_000)
    .optional(),
});
export type AnalyticsEvent = z.infer<typeof analyticsEvent>;

/** `POST /api/analytics/events`: the browser sends one event at a time. */
export const analyticsEventsRequest = z.strictObject({
  events: z.array(analyticsEvent).min(1).max(10),
});
export type AnalyticsEventsRequest = z.input<typeof analyticsEventsRequest>;
export const analyticsEventsResponse = z.object({ accepted: z.number().int() });
export type AnalyticsEventsResponse = z.infer<typeof analyticsEventsResponse>;

/** `POST /api/client-errors`: an uncaught error in the browser. */
export const clientError = z.strictObject({
  message: z.string().min(1).max(2000),
  stack: z.string().max(8000).optional(),
  url: z.string().max(2000),
  userAgent: z.string().max(500).optional(),
});
export type ClientError = z.infer<typeof clientError>;
export const clientErrorResponse = z.object({ received: z.literal(true) });
export type ClientErrorResponse = z.infer<typeof clientErrorResponse>;

export const analyticsEndpoints = {
  recordPageEvents: endpoint({
    method: 'POST',
    path: '/analytics/events',
    access: 'session',
    body: analyticsEventsRequest,
    response: { 200: analyticsEventsResponse },
    summary: 'Page views from a consenting browser',
  }),
  reportClientError: endpoint({
    method: 'POST',
    path: '/client-errors',
    access: 'session',
    body: clientError,
    response: { 200: clientErrorResponse },
    summary: 'An uncaught error in the browser (logged, not stored)',
  }),
};
