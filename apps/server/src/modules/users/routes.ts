import {
  inviteMemberRequest,
  member,
  memberParams,
  membersResponse,
  removeMemberResponse,
  updateMemberRequest,
} from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { requireAdmin } from '../../lib/access';
import { sessionOf } from '../../plugins/session';
import type { ActiveSession } from '../auth/session-store';
import { type Actor, changeRole, inviteMember, membersOf, removeMember } from './service';

const actorOf = ({ user, impersonator }: ActiveSession): Actor => ({
  id: user.id,
  email: user.email,
  impersonatedBy: impersonator?.email ?? null,
});

/** User management for administrators, always within their own organisation. */
export const userRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', app.requireUser);
    app.addHook('preHandler', async (request) => requireAdmin(sessionOf(request)));

    app.get('/users', { schema: { response: { 200: membersResponse } } }, async (request) => ({
      members: await membersOf(db, sessionOf(request).organization.id),
    }));

    app.post(
      '/users',
      { schema: { body: inviteMemberRequest, response: { 201: member } } },
      async (request, reply) => {
        const session = sessionOf(request);
        const invited = await inviteMember(
          db,
          actorOf(session),
          session.organization,
          request.body,
        );
        return reply.code(201).send(invited);
      },
    );

    app.patch(
      '/users/:id',
      { schema: { params: memberParams, body: updateMemberRequest, response: { 200: member } } },
      async (request) => {
        const session = sessionOf(request);
        return changeRole(
          db,
          actorOf(session),
          session.organization.id,
          request.params.id,
          request.body.role,
        );
      },
    );

    app.delete(
      '/users/:id',
      { schema: { params: memberParams, response: { 200: removeMemberResponse } } },
      async (request) => {
        const session = sessionOf(request);
        await removeMember(db, actorOf(session), session.organization.id, request.params.id);
        return { removed: true as const };
      },
    );
  };
