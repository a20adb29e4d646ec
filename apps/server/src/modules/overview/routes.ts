import { endpoints } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { sessionOf } from '../sessions/plugin';
import { route } from '../sessions/route';
import { organizationOverview } from './service';

/** `GET /api/organization`: the organisation and the figures the dashboard shows. */
export const overviewRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.getOrganization, async (request) =>
      organizationOverview(db, sessionOf(request).organization.id),
    );
  };
