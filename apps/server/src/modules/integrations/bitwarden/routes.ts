import { endpoints } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../sessions/plugin';
import { route } from '../../sessions/route';
import type { IntegrationsContext } from '../kit/context';
import { listBitwardenMembers } from './members';

/** Bitwarden's own call of the integrations page (it connects through the generic key form). */
export const bitwardenRoutes =
  (ctx: IntegrationsContext): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.getBitwardenMembers, async (request) =>
      listBitwardenMembers(ctx.db, sessionOf(request).organization.id, request.query),
    );
  };
