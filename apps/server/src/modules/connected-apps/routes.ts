import { endpoints } from '@castellan/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { auditActor } from '../audit/actor';
import { sessionOf } from '../sessions/plugin';
import { route } from '../sessions/route';
import {
  approveApp,
  type Caller,
  connectedAppsOf,
  type SuiteAppsSource,
  unapproveApp,
  vendorListCsv,
} from './service';

/**
 * "Apps with access" (administrators). `suiteApps` reads what the office suites' last syncs found;
 * `onApprovedChange` runs after the approved list changed (the suites' tasks are judged again).
 */
export const connectedAppsRoutes =
  (
    db: Db,
    deps: {
      suiteApps: SuiteAppsSource;
      onApprovedChange: (organizationId: string) => Promise<void>;
    },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const callerOf = (request: FastifyRequest): Caller => {
      const session = sessionOf(request);
      return { actor: auditActor(session), organizationId: session.organization.id };
    };
    const listOf = async (organizationId: string) =>
      connectedAppsOf(db, organizationId, await deps.suiteApps(organizationId));

    route(app, endpoints.getConnectedApps, async (request) =>
      listOf(sessionOf(request).organization.id),
    );

    route(app, endpoints.approveConnectedApp, async (request) => {
      const caller = callerOf(request);
      const suites = await deps.suiteApps(caller.organizationId);
      const list = await approveApp(db, caller, request.body, suites);
      await deps.onApprovedChange(caller.organizationId);
      return list;
    });

    route(app, endpoints.unapproveConnectedApp, async (request) => {
      const caller = callerOf(request);
      const suites = await deps.suiteApps(caller.organizationId);
      const list = await unapproveApp(db, caller, request.body, suites);
      await deps.onApprovedChange(caller.organizationId);
      return list;
    });

    route(app, endpoints.getVendorList, async (request, reply) => {
      const csv = vendorListCsv(await listOf(sessionOf(request).organization.id));
      const day = new Date().toISOString().slice(0, 10);
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="vendor-list-${day}.csv"`);
      return csv;
    });
  };
