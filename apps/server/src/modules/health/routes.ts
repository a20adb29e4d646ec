import { healthResponse } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { HttpError } from '../../lib/errors';

export const healthRoutes =
  (database: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/health', { schema: { response: { 200: healthResponse } } }, async (request) => {
      try {
        await database.ping();
      } catch (err) {
        request.log.error({ err }, 'health check: database did not answer');
        throw new HttpError(503, 'The database is not answering.');
      }
      return { status: 'ok' as const, database: 'ok' as const };
    });
  };
