import { endpoints } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { buildVersion } from '../agent/manifest';
import { requireAdmin } from '../sessions/access';
import { sessionOf } from '../sessions/plugin';
import { route } from '../sessions/route';
import { devicesOf } from './device-list';

/** The devices list: a member's own, or the organisation's for an administrator. */
export const deviceRoutes =
  (config: Config, db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.getAgentDevices, async (request) => {
      const { user, organization } = sessionOf(request);
      const everyone = request.query.scope === 'organization';
      if (everyone) requireAdmin(sessionOf(request));
      const current = await buildVersion(config.agent.distDir);
      return devicesOf(db, organization.id, everyone ? undefined : user.id, current);
    });
  };
