import { endpoints, type Member } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import type { Invitations } from '../../lib/mail-queue';
import { auditActor } from '../audit/actor';
import { sessionOf } from '../sessions/plugin';
import { route } from '../sessions/route';
import { changeRole, inviteMember, membersOf, removeMember } from './service';

/** User management for administrators, always within their own organisation. */
export const userRoutes =
  (db: Db, invitations: Invitations): FastifyPluginAsyncZod =>
  async (app) => {
    /** Adds when each invited member's invitation was sent. */
    const withInvitations = async (organizationId: string, members: Member[]) => {
      const invited = members.filter((m) => m.status === 'invited').map((m) => m.id);
      const sent = await invitations.sentAt(organizationId, invited);
      return members.map((m) => ({ ...m, invitedAt: sent.get(m.id)?.toISOString() ?? null }));
    };

    route(app, endpoints.listMembers, async (request) => {
      const organizationId = sessionOf(request).organization.id;
      return {
        members: await withInvitations(organizationId, await membersOf(db, organizationId)),
      };
    });

    route(app, endpoints.inviteMember, async (request, reply) => {
      const session = sessionOf(request);
      const invited = await inviteMember(
        db,
        auditActor(session),
        session.organization,
        request.body,
      );
      // The invitation is recorded and queued; the mail server is never waited for.
      const invitedAt = await invitations.send(session.organization.id, session.user, invited);
      return reply.code(201).send({ ...invited, invitedAt: invitedAt?.toISOString() ?? null });
    });

    route(app, endpoints.changeMemberRole, async (request) => {
      const session = sessionOf(request);
      const changed = await changeRole(
        db,
        auditActor(session),
        session.organization.id,
        request.params.id,
        request.body.role,
      );
      const [member] = await withInvitations(session.organization.id, [changed]);
      return member ?? changed;
    });

    route(app, endpoints.removeMember, async (request) => {
      const session = sessionOf(request);
      await removeMember(db, auditActor(session), session.organization.id, request.params.id);
      return { removed: true as const };
    });
  };
