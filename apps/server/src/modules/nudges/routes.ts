import { endpoints } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { sessionOf } from '../sessions/plugin';
import { route } from '../sessions/route';
import { changeNudgeSettings, changeTimeZone, nudgeSettings } from './settings';

/** The organisation's nudge settings, and each person's time zone for their working hours. */
export const nudgeRoutes =
  (config: Config, db: Db): FastifyPluginAsyncZod =>
  async (app) => {
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
    route(app, endpoints.setOwnTimeZone, async (request) => {
      const { organization, user } = sessionOf(request);
      return changeTimeZone(db, organization.id, user.id, request.body.timeZone);
    });
  };
