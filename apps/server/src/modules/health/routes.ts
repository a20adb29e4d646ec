import { endpoints } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { HttpError } from '../../lib/errors';
import { route } from '../sessions/route';

export const healthRoutes =
  (database: Database): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.getHealth, async (request) => {
      try {
        await database.ping();
      } catch (err) {
        request.log.error({ err }, 'health check: database did not answer');
        throw new HttpError(503, 'The database is not answering.');
      }
      return { status: 'ok' as const, database: 'ok' as const };
    });
  };
