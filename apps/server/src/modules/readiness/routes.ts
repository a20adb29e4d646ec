import { endpoints } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { sessionOf } from '../sessions/plugin';
import { route } from '../sessions/route';
import { readinessSet } from './service';

/** Readiness for a cyber-insurance application, CIS IG1 and Cyber Essentials (administrators). */
export const readinessRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.getReadiness, async (request) => {
      const { user, organization } = sessionOf(request);
      return readinessSet(db, organization.id, user.id, request.params.set);
    });
  };
