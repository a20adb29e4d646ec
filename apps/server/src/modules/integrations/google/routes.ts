import { endpoints } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../sessions/plugin';
import { route } from '../../sessions/route';
import type { IntegrationsContext } from '../kit/context';
import { googleConnectRoutes } from './connect-routes';
import { googleWorkspaceFacts, listExternalShares } from './shared-outside';

/** Connecting Google Workspace, and what its last sync read (spec §7: google-workspace/…). */
export const googleRoutes =
  (ctx: IntegrationsContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(googleConnectRoutes(ctx));

    route(app, endpoints.getGoogleStaleUsers, async (request) => {
      const facts = await googleWorkspaceFacts(ctx.db, sessionOf(request).organization.id);
      return { staleUsers: facts.staleUsers };
    });

    route(app, endpoints.getGoogleSuperAdminCount, async (request) => {
      const facts = await googleWorkspaceFacts(ctx.db, sessionOf(request).organization.id);
      return { count: facts.superAdminCount };
    });

    route(app, endpoints.getGoogleExternalShares, async (request) => {
      const session = sessionOf(request);
      return { shares: await listExternalShares(ctx.db, session) };
    });
  };
