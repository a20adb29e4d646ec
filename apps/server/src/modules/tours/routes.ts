import { tourState, toursResponse, updateTourRequest } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { requireAdmin } from '../../lib/access';
import { sessionOf } from '../../plugins/session';
import { findMainTour, saveMainTour } from './repository';

/** The administrators' guided tour: where each admin is in it. */
export const tourRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', app.requireUser);
    app.addHook('preHandler', async (request) => requireAdmin(sessionOf(request)));

    app.get('/tours', { schema: { response: { 200: toursResponse } } }, async (request) => {
      const state = await findMainTour(db, sessionOf(request).user.id);
      return state ? [state] : [];
    });

    // Starts the tour, or resumes it at its step; a completed tour starts again from the first step.
    app.post('/tours/main', { schema: { response: { 200: tourState } } }, async (request) => {
      const { user, organization } = sessionOf(request);
      const current = await findMainTour(db, user.id);
      const step = current && current.status !== 'completed' ? (current.currentStepId ?? 0) : 0;
      return saveMainTour(
        db,
        { userId: user.id, organizationId: organization.id },
        { status: 'started', currentStepId: step },
      );
    });

    app.put(
      '/tours/main',
      { schema: { body: updateTourRequest, response: { 200: tourState } } },
      async (request) => {
        const { user, organization } = sessionOf(request);
        return saveMainTour(db, { userId: user.id, organizationId: organization.id }, request.body);
      },
    );
  };
