import { deleteAccountResponse, updateProfileRequest, userData } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { ForbiddenError, UnauthorizedError } from '../../lib/errors';
import { endSession, sessionOf } from '../../plugins/session';
import { toUserData } from '../auth/user-data';
import { updateName } from './repository';
import { deleteOwnAccount } from './service';

/** The signed-in user's own account: their name, and deleting the account. */
export const accountRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', app.requireUser);

    app.patch(
      '/auth/profile',
      { schema: { body: updateProfileRequest, response: { 200: userData } } },
      async (request) => {
        const { user, organization, impersonator } = sessionOf(request);
        const updated = await updateName(db, user.id, request.body);
        if (!updated) throw new UnauthorizedError();
        return toUserData(updated, organization, impersonator);
      },
    );

    app.post(
      '/auth/delete-account',
      { schema: { response: { 200: deleteAccountResponse } } },
      async (request, reply) => {
        const { user, organization, impersonator } = sessionOf(request);
        // Deleting an account is the owner's own decision, never one made on their behalf.
        if (impersonator) {
          throw new ForbiddenError('Staff cannot delete the account of the user they act as.');
        }
        const { organizationDeleted } = await deleteOwnAccount(db, organization.id, user.id);
        request.log.info(
          { organizationId: organization.id, organizationDeleted },
          'account deleted',
        );
        await endSession(request, reply, db);
        return { deleted: true as const };
      },
    );
  };
