import { endpoints } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { sessionOf } from '../sessions/plugin';
import { route } from '../sessions/route';
import { startMainTour, toursOf, updateMainTour } from './service';

/** The administrators' guided tour: where each admin is in it. */
export const tourRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.getTours, async (request) => toursOf(db, sessionOf(request).user.id));

    route(app, endpoints.startMainTour, async (request) => {
      const { user, organization } = sessionOf(request);
      return startMainTour(
        db,
        { userId: user.id, organizationId: organization.id },
        request.body.steps,
      );
    });

    route(app, endpoints.updateMainTour, async (request) => {
      const { user, organization } = sessionOf(request);
      return updateMainTour(db, { userId: user.id, organizationId: organization.id }, request.body);
    });
  };
