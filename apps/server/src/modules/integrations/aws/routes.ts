import { endpoints } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../sessions/plugin';
import { route } from '../../sessions/route';
import type { IntegrationsContext } from '../kit/context';
import { awsFindings } from './findings';

/** AWS's own call of the integrations page: what the last sync found. (It connects by key form.) */
export const awsRoutes =
  (ctx: IntegrationsContext): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.getAwsFindings, async (request) =>
      awsFindings(ctx.db, sessionOf(request).organization.id),
    );
  };
