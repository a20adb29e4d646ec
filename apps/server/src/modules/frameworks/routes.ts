import { endpoints } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { sessionOf } from '../sessions/plugin';
import { route } from '../sessions/route';
import { organizationFrameworks } from './service';

/** How far the organisation is from CIS Controls v8 IG1 and Cyber Essentials. */
export const frameworkRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.getFrameworks, async (request) =>
      organizationFrameworks(db, sessionOf(request).organization.id),
    );
  };
