import { endpoints } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { sessionOf } from '../sessions/plugin';
import { route } from '../sessions/route';
import { setupChecklist } from './service';

/** `GET /api/setup-checklist`: the administrator's first-week steps. */
export const setupRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.getSetupChecklist, async (request) => {
      const session = sessionOf(request);
      return setupChecklist(db, session.organization.id, session.user.id);
    });
  };
