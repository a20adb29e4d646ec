import {
  impersonationSearchQuery,
  impersonationSearchResponse,
  startImpersonationRequest,
  userData,
} from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { requireStaff } from '../../lib/access';
import { sessionOf, startSession } from '../../plugins/session';
import { toUserData } from '../auth/user-data';
import { clientOf } from './client-info';
import { findCandidates, startImpersonation } from './service';

/** Staff acting as another user until they log out (the logout lives with the other auth calls). */
export const impersonationRoutes =
  (config: Config, db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', app.requireUser);
    // After validation, so that a malformed request is a 400 for everyone.
    app.addHook('preHandler', async (request) => requireStaff(sessionOf(request)));

    app.get(
      '/impersonation/users',
      {
        schema: {
          querystring: impersonationSearchQuery,
          response: { 200: impersonationSearchResponse },
        },
      },
      async (request) => ({ users: await findCandidates(db, request.query.q) }),
    );

    // The staff member's own session ends and a new one, with a new id, is issued for the target.
    app.post(
      '/impersonation',
      { schema: { body: startImpersonationRequest, response: { 200: userData } } },
      async (request, reply) => {
        const session = sessionOf(request);
        const target = await startImpersonation(
          db,
          session,
          request.body.userId,
          clientOf(request),
        );
        await startSession(request, reply, config, db, target, session.user.id);
        request.log.info(
          { staffUserId: session.user.id, targetUserId: target.id },
          'impersonation started',
        );
        return toUserData(
          target,
          { domain: target.companyDomain, status: target.organizationStatus },
          session.user,
        );
      },
    );
  };
