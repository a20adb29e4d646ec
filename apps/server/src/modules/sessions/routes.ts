import { endpoints } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { sessionOf } from './plugin';
import { route } from './route';
import { endOwnSession, ownSessions } from './user-sessions';

/** The browsers a user is signed in with, and signing out one of the others. */
export const userSessionRoutes =
  (config: Config, db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.getSessions, async (request) => ({
      sessions: await ownSessions(db, sessionOf(request), config.session.idleMs),
    }));

    route(app, endpoints.endSession, async (request) => {
      await endOwnSession(db, sessionOf(request), request.params.id);
      return { ended: true as const };
    });
  };
