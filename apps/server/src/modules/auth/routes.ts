import { logoutResponse, userData } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { endSession, sessionOf, startSession } from '../../plugins/session';
import { clientOf } from '../impersonation/client-info';
import { endImpersonation } from '../impersonation/service';
import { toUserData } from './user-data';

export const authRoutes =
  (config: Config, db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/auth/user-data',
      { onRequest: app.requireUser, schema: { response: { 200: userData } } },
      async (request) => {
        const { user, organization, impersonator } = sessionOf(request);
        return toUserData(user, organization, impersonator);
      },
    );

    // Ends the session whether or not it was still valid, so a stale browser can always log out.
    // Ending an impersonation signs the staff member back in (new session id) and answers 204.
    app.post(
      '/auth/logout',
      {
        onRequest: app.loadUser,
        schema: {
          response: {
            200: logoutResponse,
            204: z.null().describe('An impersonation ended; the staff member is signed in again.'),
          },
        },
      },
      async (request, reply) => {
        const session = request.session;
        if (session?.impersonator) {
          const staff = await endImpersonation(
            db,
            { ...session, impersonator: session.impersonator },
            clientOf(request),
          );
          if (staff) {
            await startSession(request, reply, config, db, staff);
            return reply.code(204).send(null);
          }
        }
        await endSession(request, reply, db);
        return { loggedOut: true as const };
      },
    );
  };
