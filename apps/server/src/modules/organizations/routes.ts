import { endpoints } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { auditActor } from '../audit/actor';
import { endSession, sessionOf } from '../sessions/plugin';
import { route } from '../sessions/route';
import { completeRegistration, deleteOrganizationBy } from './service';

/** The organisation: the end of its registration, and deleting it (what it is: overview/). */
export const organizationRoutes =
  (config: Config, db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    // Only organisations on the product's own domain (staff and sandbox ones) can be deleted here.
    route(app, endpoints.deleteOrganization, async (request, reply) => {
      const session = sessionOf(request);
      await deleteOrganizationBy(db, auditActor(session), session.organization, {
        productDomain: config.productDomain,
        details: { clientAddress: request.ip },
      });
      request.log.info({ organizationId: session.organization.id }, 'organisation deleted');
      await endSession(request, reply, db);
      return { deleted: true as const };
    });

    route(app, endpoints.completeRegistration, async (request) => {
      const session = sessionOf(request);
      await completeRegistration(db, auditActor(session), session.organization, {
        clientAddress: request.ip,
      });
      request.log.info({ organizationId: session.organization.id }, 'organisation registered');
      return { status: 'REGISTERED' as const };
    });
  };
