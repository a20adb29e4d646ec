import { z } from 'zod';
import { isoDateTime } from './common';

export const ANALYTICS_EVENT_TYPES = ['page_view', 'page_leave'] as const;

export const analyticsEvent = z.strictObject({
  type: z.enum(ANALYTICS_EVENT_TYPES),
  path: z.string().min(1).max(2000).startsWith('/', { message: 'must be a path starting with /' }),
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

/** `POST /api/analytics/events` */
export const analyticsEventsRequest = z.strictObject({
  events: z.array(analyticsEvent).min(1).max(50),
});
export const analyticsEventsResponse = z.object({ accepted: z.number().int() });

/** `POST /api/client-errors`: an uncaught error in the browser. */
export const clientError = z.strictObject({
  message: z.string().min(1).max(2000),
  stack: z.string().max(8000).optional(),
  url: z.string().max(2000),
  userAgent: z.string().max(500).optional(),
});
export type ClientError = z.infer<typeof clientError>;
export const clientErrorResponse = z.object({ received: z.literal(true) });
