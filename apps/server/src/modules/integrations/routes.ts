import { endpoints } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActor } from '../audit/actor';
import { sessionOf } from '../sessions/plugin';
import { route } from '../sessions/route';
import { ADAPTERS } from './providers';
import {
  connectWithKey,
  disconnectIntegration,
  type IntegrationsContext,
  listIntegrations,
  requestSync,
  type Viewer,
} from './service';

const viewerOf = (session: { user: Pick<Viewer, 'role'> & { id: string } }): Viewer => ({
  userId: session.user.id,
  role: session.user.role,
});

/** The integrations page's calls (spec §7: integrations/…), and each provider's own. */
export const integrationRoutes =
  (ctx: IntegrationsContext): FastifyPluginAsyncZod =>
  async (app) => {
    for (const adapter of Object.values(ADAPTERS)) await app.register(adapter.routes(ctx));

    route(app, endpoints.getIntegrations, async (request) => {
      const session = sessionOf(request);
      return listIntegrations(ctx, session.organization.id, viewerOf(session));
    });

    route(app, endpoints.disconnectIntegration, async (request) => {
      const session = sessionOf(request);
      const integration = await disconnectIntegration(
        ctx,
        auditActor(session),
        session.organization.id,
        request.params.id,
        viewerOf(session),
      );
      request.log.info({ integration: request.params.id }, 'integration disconnected');
      return integration;
    });

    route(app, endpoints.connectWithKey, async (request) => {
      const session = sessionOf(request);
      const integration = await connectWithKey(
        ctx,
        session,
        request.params.id,
        request.body.credentials,
      );
      request.log.info({ integration: request.params.id }, 'integration connected with a key');
      return integration;
    });

    route(app, endpoints.syncIntegration, async (request, reply) => {
      const session = sessionOf(request);
      const integration = await requestSync(
        ctx,
        session.organization.id,
        request.params.id,
        viewerOf(session),
      );
      return reply.code(202).send({ integration });
    });
  };
