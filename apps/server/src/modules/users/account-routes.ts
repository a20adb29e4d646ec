import { endpoints } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { ForbiddenError } from '../../lib/errors';
import { auditActor } from '../audit/actor';
import { endSession, sessionOf } from '../sessions/plugin';
import { route } from '../sessions/route';
import { toUserData } from '../sessions/user-data';
import { deleteOwnAccount, renameUser } from './service';

/** The signed-in user's own account: their name, and deleting the account. */
export const accountRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.updateProfile, async (request) => {
      const { user, organization, impersonator, partner } = sessionOf(request);
      const updated = await renameUser(db, user.id, request.body);
      return toUserData(updated, organization, impersonator, partner);
    });

    route(app, endpoints.deleteAccount, async (request, reply) => {
      const session = sessionOf(request);
      const { organization } = session;
      // Deleting an account is the owner's own decision, never one made on their behalf.
      if (session.impersonator) {
        throw new ForbiddenError('Staff cannot delete the account of the user they act as.');
      }
      const { organizationDeleted } = await deleteOwnAccount(
        db,
        auditActor(session),
        organization.id,
        { clientAddress: request.ip },
      );
      request.log.info({ organizationId: organization.id, organizationDeleted }, 'account deleted');
      await endSession(request, reply, db);
      return { deleted: true as const };
    });
  };
