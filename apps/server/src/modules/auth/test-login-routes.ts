import { endpoints } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { startSession } from '../sessions/plugin';
import { route } from '../sessions/route';
import { toUserData } from '../sessions/user-data';
import { signInDemoUser, testLoginUsers } from './test-login';

/**
 * Password-less sign-in as a user of a demo organisation, for the demo and for tests. Only
 * registered when enabled (never in production), so otherwise these paths answer 404. A user of
 * a real organisation gets the same answer as an unknown address, revealing nobody.
 */
export const testLoginRoutes =
  (config: Config, db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.getTestUsers, async () => ({ users: await testLoginUsers(db) }));

    route(
      app,
      endpoints.testLogin,
      // Per address and account: one client signing in as many demo users (the browser tests)
      // is fine, hammering one account is not. preHandler, so the body has been read.
      {
        config: {
          rateLimit: {
            max: 30,
            timeWindow: '1 minute',
            hook: 'preHandler',
            keyGenerator: (request) =>
              `${request.ip}|${(request.body as { email?: string } | undefined)?.email ?? ''}`,
          },
        },
      },
      async (request, reply) => {
        const user = await signInDemoUser(db, request.body.email);
        await startSession(request, reply, config, db, user);
        return toUserData(user, { domain: user.companyDomain, status: user.organizationStatus });
      },
    );
  };
