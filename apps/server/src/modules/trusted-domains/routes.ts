import { endpoints } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { auditActor } from '../audit/actor';
import { sessionOf } from '../sessions/plugin';
import { route } from '../sessions/route';
import { replaceTrustedDomains, trustedDomainsOf } from './service';

/**
 * The organisation's trusted domains (Settings): every member reads them, administrators replace
 * them. `onChange` runs after a change, as the shares with those domains are judged again.
 */
export const trustedDomainRoutes =
  (db: Db, onChange: (organizationId: string) => Promise<void>): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.getTrustedDomains, async (request) => {
      const session = sessionOf(request);
      return {
        trustedDomains: await trustedDomainsOf(db, session.organization.id),
        editable: session.user.role === 'admin',
      };
    });

    route(app, endpoints.updateTrustedDomains, async (request) => {
      const session = sessionOf(request);
      const organizationId = session.organization.id;
      const trustedDomains = await replaceTrustedDomains(
        db,
        { actor: auditActor(session), organizationId },
        request.body.trustedDomains,
      );
      await onChange(organizationId);
      return { trustedDomains, editable: true };
    });
  };
