import {
  analyticsEventsRequest,
  analyticsEventsResponse,
  clientError,
  clientErrorResponse,
} from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { analyticsEvents } from '../../db/schema';

/** Page views from consenting browsers, and uncaught browser errors (logged, not stored). */
export const analyticsRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/analytics/events',
      {
        onRequest: app.loadUser,
        config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: { body: analyticsEventsRequest, response: { 200: analyticsEventsResponse } },
      },
      async (request) => {
        const session = request.session;
        await db.insert(analyticsEvents).values(
          request.body.events.map((event) => ({
            organizationId: session?.organization.id ?? null,
            userId: session?.user.id ?? null,
            type: event.type,
            path: event.path,
            durationMs: event.durationMs ?? null,
            occurredAt: new Date(event.occurredAt),
          })),
        );
        return { accepted: request.body.events.length };
      },
    );

    app.post(
      '/client-errors',
      {
        onRequest: app.loadUser,
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: { body: clientError, response: { 200: clientErrorResponse } },
      },
      async (request) => {
        request.log.warn(
          { clientError: request.body, userId: request.session?.user.id },
          'error in the browser',
        );
        return { received: true as const };
      },
    );
  };
