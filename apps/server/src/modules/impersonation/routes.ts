import { endpoints } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { clientOf } from '../sessions/client-info';
import { sessionOf, startSession } from '../sessions/plugin';
import { route } from '../sessions/route';
import { toUserData } from '../sessions/user-data';
import { findCandidates, startImpersonation } from './service';

/** Staff acting as another user until they log out (the logout lives with the other auth calls). */
export const impersonationRoutes =
  (config: Config, db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.searchImpersonationCandidates, async (request) => ({
      users: await findCandidates(db, sessionOf(request), request.query.q),
    }));

    // The staff member's own session ends and a new one, with a new id, is issued for the target;
    // it remembers when the staff member's session would have ended, for their return.
    route(app, endpoints.startImpersonation, async (request, reply) => {
      const session = sessionOf(request);
      const { target, expiresAt } = await startImpersonation(
        db,
        session,
        request.body.userId,
        clientOf(request),
      );
      await startSession(request, reply, config, db, target, {
        expiresAt,
        impersonator: { userId: session.user.id, sessionExpiresAt: session.expiresAt },
      });
      request.log.info(
        { staffUserId: session.user.id, targetUserId: target.id },
        'impersonation started',
      );
      return toUserData(
        target,
        { domain: target.companyDomain, status: target.organizationStatus },
        session.user,
      );
    });
  };
