import { endpoints } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../sessions/plugin';
import { route } from '../../sessions/route';
import type { IntegrationsContext } from '../kit/context';
import { microsoftConnectRoutes } from './connect-routes';
import { microsoftSummary } from './summary';

/** Connecting Microsoft 365, and its findings (spec §7: microsoft-365/summary). */
export const microsoftRoutes =
  (ctx: IntegrationsContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(microsoftConnectRoutes(ctx));
    route(app, endpoints.getMicrosoftSummary, async (request) =>
      microsoftSummary(ctx.db, sessionOf(request).organization.id),
    );
  };
