import { endpoints } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { auditActor } from '../audit/actor';
import type { MailContext } from '../mail/context';
import { resendInvitation, sendInvitation } from '../mail/invitations';
import { sessionOf } from '../sessions/plugin';
import { route } from '../sessions/route';
import { changeRole, inviteMember, membersOf, removeMember } from './service';

/** User management for administrators, always within their own organisation. */
export const userRoutes =
  (db: Db, mail: MailContext): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.listMembers, async (request) => ({
      members: await membersOf(db, sessionOf(request).organization.id),
    }));

    route(app, endpoints.inviteMember, async (request, reply) => {
      const session = sessionOf(request);
      const invited = await inviteMember(
        db,
        auditActor(session),
        session.organization,
        request.body,
      );
      // The invitation is recorded and queued; the mail server is never waited for.
      const invitedAt = await sendInvitation(mail, session.organization.id, session.user, invited);
      return reply.code(201).send({ ...invited, invitedAt: invitedAt?.toISOString() ?? null });
    });

    route(app, endpoints.resendInvitation, async (request, reply) => {
      const session = sessionOf(request);
      const sent = await resendInvitation(
        mail,
        session.organization.id,
        session.user,
        request.params.id,
      );
      return reply.code(202).send(sent);
    });

    route(app, endpoints.changeMemberRole, async (request) => {
      const session = sessionOf(request);
      return changeRole(
        db,
        auditActor(session),
        session.organization.id,
        request.params.id,
        request.body.role,
      );
    });

    route(app, endpoints.removeMember, async (request) => {
      const session = sessionOf(request);
      await removeMember(db, auditActor(session), session.organization.id, request.params.id);
      return { removed: true as const };
    });
  };
