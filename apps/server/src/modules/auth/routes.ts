import { endpoints } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { endImpersonation } from '../impersonation/service';
import { clientOf } from '../sessions/client-info';
import { endSession, sessionOf, startSession } from '../sessions/plugin';
import { route } from '../sessions/route';
import { toUserData } from '../sessions/user-data';

export const authRoutes =
  (config: Config, db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.getUserData, async (request) => {
      const { user, organization, impersonator, partner } = sessionOf(request);
      return toUserData(user, organization, impersonator, partner);
    });

    // Ends the session whether or not it was still valid, so a stale browser can always log out.
    // Ending an impersonation signs the staff member back in (new session id, the end their own
    // session had) and answers 204.
    route(app, endpoints.logout, async (request, reply) => {
      const session = request.session;
      if (session?.impersonator) {
        const back = await endImpersonation(
          db,
          { ...session, impersonator: session.impersonator },
          clientOf(request),
        );
        if (back) {
          await startSession(request, reply, config, db, back.staff, {
            expiresAt: back.expiresAt,
          });
          return reply.code(204).send(null);
        }
      }
      await endSession(request, reply, db);
      return { loggedOut: true as const };
    });
  };
