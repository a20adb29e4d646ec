import { endpoints } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActor } from '../audit/actor';
import { sessionOf } from '../sessions/plugin';
import { route } from '../sessions/route';
import { ADAPTERS } from './providers';
import {
  disconnectIntegration,
  type IntegrationsContext,
  listIntegrations,
  requestSync,
} from './service';

/** The integrations page's calls (spec §7: integrations/…), and each provider's own. */
export const integrationRoutes =
  (ctx: IntegrationsContext): FastifyPluginAsyncZod =>
  async (app) => {
    for (const adapter of Object.values(ADAPTERS)) await app.register(adapter.routes(ctx));

    route(app, endpoints.getIntegrations, async (request) =>
      listIntegrations(ctx, sessionOf(request).organization.id),
    );

    route(app, endpoints.disconnectIntegration, async (request) => {
      const session = sessionOf(request);
      const integration = await disconnectIntegration(
        ctx,
        auditActor(session),
        session.organization.id,
        request.params.id,
      );
      request.log.info({ integration: request.params.id }, 'integration disconnected');
      return integration;
    });

    route(app, endpoints.syncIntegration, async (request, reply) => {
      const integration = await requestSync(
        ctx,
        sessionOf(request).organization.id,
        request.params.id,
      );
      return reply.code(202).send({ integration });
    });
  };
