import { endpoints } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { homeOrganizationId, sessionOf } from '../sessions/plugin';
import { route } from '../sessions/route';
import type { NudgeContext } from './context';
import { changeNudgeSettings, changeTimeZone, nudgeSettings } from './settings';
import { sendTestNudge } from './test-nudge';

/**
 * The organisation's nudge settings and an administrator's test nudge, and each person's time
 * zone for their working hours.
 */
export const nudgeRoutes =
  (ctx: NudgeContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = ctx;
    const callerOf = (request: Parameters<typeof sessionOf>[0]) => {
      const session = sessionOf(request);
      return { organizationId: session.organization.id, admin: session.user.role === 'admin' };
    };
    route(app, endpoints.getNudgeSettings, async (request) =>
      nudgeSettings(db, config, callerOf(request)),
    );
    route(app, endpoints.updateNudgeSettings, async (request) =>
      changeNudgeSettings(db, config, callerOf(request), request.body),
    );
    route(app, endpoints.sendTestNudge, async (request, reply) => {
      const { organization, user } = sessionOf(request);
      return reply.code(202).send(await sendTestNudge(ctx, organization.id, user.id));
    });
    route(app, endpoints.setOwnTimeZone, async (request) => {
      const session = sessionOf(request);
      return changeTimeZone(
        db,
        homeOrganizationId(session),
        session.user.id,
        request.body.timeZone,
      );
    });
  };
