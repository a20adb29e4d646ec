import { endpoints } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActor } from '../audit/actor';
import { sessionOf } from '../sessions/plugin';
import { route } from '../sessions/route';
import { listExternalShares } from './external-shares';
import { microsoftSummary } from './microsoft/summary';
import {
  disconnectIntegration,
  googleWorkspaceFacts,
  type IntegrationsContext,
  listIntegrations,
  requestSync,
} from './service';

/** The integrations page's calls (spec §7: integrations, google-workspace/…). */
export const integrationRoutes =
  (ctx: IntegrationsContext): FastifyPluginAsyncZod =>
  async (app) => {
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

    route(app, endpoints.getGoogleStaleUsers, async (request) => {
      const facts = await googleWorkspaceFacts(ctx.db, sessionOf(request).organization.id);
      return { staleUsers: facts.staleUsers };
    });

    route(app, endpoints.getGoogleSuperAdminCount, async (request) => {
      const facts = await googleWorkspaceFacts(ctx.db, sessionOf(request).organization.id);
      return { count: facts.superAdminCount };
    });

    route(app, endpoints.getMicrosoftSummary, async (request) =>
      microsoftSummary(ctx.db, sessionOf(request).organization.id),
    );

    route(app, endpoints.getGoogleExternalShares, async (request) => {
      const session = sessionOf(request);
      return { shares: await listExternalShares(ctx.db, session) };
    });
  };
