import { endpoints } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActor } from '../../audit/actor';
import { sessionOf } from '../../sessions/plugin';
import { route } from '../../sessions/route';
import type { IntegrationsContext } from '../kit/context';
import { listMetaAccounts, requireMetaTwoFactor } from './accounts';
import { metaConnectRoutes } from './connect-routes';

/** The Meta calls of the integrations page (spec §7: integrations/meta/accounts, facebook/enable-mfa). */
export const metaRoutes =
  (ctx: IntegrationsContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(metaConnectRoutes(ctx));
    route(app, endpoints.getMetaAccounts, async (request) =>
      listMetaAccounts(ctx.db, sessionOf(request).organization.id, request.query),
    );

    route(app, endpoints.enableMetaMfa, async (request) => {
      const session = sessionOf(request);
      const account = await requireMetaTwoFactor(
        ctx,
        auditActor(session),
        session.organization.id,
        request.body.businessId,
      );
      request.log.info({ integration: 'meta' }, 'Meta business two-factor requirement set');
      return { account };
    });
  };
