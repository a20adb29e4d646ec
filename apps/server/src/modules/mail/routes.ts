import { endpoints } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActor } from '../audit/actor';
import { homeOrganizationId, sessionOf } from '../sessions/plugin';
import { route } from '../sessions/route';
import type { MailContext } from './context';
import { resendInvitation } from './invitations';
import {
  changeOrganizationMail,
  changeOwnMail,
  latestMessages,
  notificationSettings,
  unsubscribe,
} from './settings';
import { sendTeamReminders } from './team-reminders';

/** A mail provider may follow unsubscribe links in bulk; a person clicks a few. */
const UNSUBSCRIBE_LIMIT = { rateLimit: { max: 30, timeWindow: '1 minute' } };

/** The e-mail settings, resending an invitation, the record of messages, the unsubscribe link. */
export const mailRoutes =
  (mail: MailContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config, tokens } = mail;
    const callerOf = (request: Parameters<typeof sessionOf>[0]) => {
      const session = sessionOf(request);
      return {
        organizationId: session.organization.id,
        homeOrganizationId: homeOrganizationId(session),
        userId: session.user.id,
        admin: session.user.role === 'admin',
      };
    };

    route(app, endpoints.getNotificationSettings, async (request) =>
      notificationSettings(db, config, callerOf(request)),
    );
    route(app, endpoints.updateOrganizationMail, async (request) =>
      changeOrganizationMail(db, config, callerOf(request), request.body),
    );
    route(app, endpoints.updateOwnMail, async (request) =>
      changeOwnMail(db, config, callerOf(request), request.body),
    );
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
    route(app, endpoints.sendTeamReminders, async (request, reply) => {
      const session = sessionOf(request);
      const sender = { ...session.user, actor: auditActor(session) };
      const answer = await sendTeamReminders(mail, session.organization.id, sender, request.body);
      return reply.code(202).send(answer);
    });
    route(app, endpoints.listMailMessages, async (request) => ({
      messages: await latestMessages(db, sessionOf(request).organization.id),
    }));

    // RFC 8058: mail providers POST `List-Unsubscribe=One-Click` as a form; the token is in the
    // URL, so the body is not read. The web page posts JSON.
    await app.register(async (oneClick) => {
      oneClick.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_request, _body, done) => done(null, undefined),
      );
      route(
        oneClick,
        endpoints.unsubscribe,
        { config: { ...UNSUBSCRIBE_LIMIT, formBody: true } },
        async (request) => unsubscribe(db, tokens, request.query.token),
      );
    });
  };
