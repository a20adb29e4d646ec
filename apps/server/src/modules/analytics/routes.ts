import { endpoints } from '@castellan/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { route } from '../sessions/route';
import { recordPageEvents } from './service';

/**
 * Page events per minute: a signed-in user is limited as themselves, anonymous visitors (one
 * event per page change) more tightly per address.
 */
const eventsLimit = {
  keyGenerator: (request: FastifyRequest) =>
    request.session ? `user:${request.session.user.id}` : `ip:${request.ip}`,
  max: (request: FastifyRequest) => (request.session ? 120 : 30),
  timeWindow: '1 minute',
};

/** Page views from consenting browsers, and uncaught browser errors (logged, not stored). */
export const analyticsRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    route(
      app,
      endpoints.recordPageEvents,
      // After loadUser (the access hook of this route), so the limit knows who calls.
      { config: { rateLimit: eventsLimit } },
      async (request) => {
        return { accepted: await recordPageEvents(db, request.session, request.body.events) };
      },
    );

    route(
      app,
      endpoints.reportClientError,
      { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
      async (request) => {
        request.log.warn(
          { clientError: request.body, userId: request.session?.user.id },
          'error in the browser',
        );
        return { received: true as const };
      },
    );
  };
