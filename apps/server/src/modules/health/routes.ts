import { endpoints } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../db/database-unavailable';
import { HttpError } from '../../lib/errors';
import { route } from '../sessions/route';

export const healthRoutes =
  (database: Database): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.getHealth, async (request) => {
      try {
        await database.ping();
      } catch (err) {
        // Any failure of `select 1` means the database cannot serve, whatever its cause.
        request.log.error({ err }, 'health check: database did not answer');
        throw new HttpError(503, DATABASE_UNAVAILABLE_MESSAGE);
      }
      return { status: 'ok' as const, database: 'ok' as const };
    });
  };
