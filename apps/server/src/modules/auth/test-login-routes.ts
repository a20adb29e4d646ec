import { testLoginRequest, testUsersResponse, userData } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import { startSession } from '../../plugins/session';
import { findUserByEmail, listUsersForTestLogin, recordSignIn } from '../users/repository';
import { toUserData } from './user-data';

/**
 * Password-less sign-in as any stored user, for the demo and for tests. Only registered when
 * enabled (never by default in production), so otherwise these paths answer 404.
 */
export const testLoginRoutes =
  (config: Config, db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/auth/test-users', { schema: { response: { 200: testUsersResponse } } }, async () => {
      const rows = await listUsersForTestLogin(db);
      return {
        users: rows.map((u) => ({
          email: u.email,
          firstName: u.firstName,
          lastName: u.lastName,
          role: u.role,
          organizationStatus: u.organizationStatus,
          companyDomain: u.companyDomain,
          staff: u.isStaff,
        })),
      };
    });

    app.post(
      '/auth/test-login',
      {
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: { body: testLoginRequest, response: { 200: userData } },
      },
      async (request, reply) => {
        const user = await findUserByEmail(db, request.body.email);
        if (!user) throw new NotFoundError('There is no user with that e-mail address.');
        await startSession(request, reply, config, db, user);
        await recordSignIn(db, user.id);
        return toUserData(user, { domain: user.companyDomain, status: user.organizationStatus });
      },
    );
  };
