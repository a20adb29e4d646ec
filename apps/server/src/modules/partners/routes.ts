import { endpoints } from '@castellan/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { auditActor } from '../audit/actor';
import { sessionOf } from '../sessions/plugin';
import { route } from '../sessions/route';
import {
  applyBaseline,
  baselineApplicationsOf,
  createBaseline,
  deleteBaseline,
  listBaselines,
  updateBaseline,
} from './baselines';
import { overviewCsv, PartnerOverview } from './overview';
import {
  acceptInvitation,
  changePartnerRole,
  clientLinks,
  closeClient,
  endPartnerLink,
  invitePartner,
  openClient,
  type PartnerCaller,
  partnerLinksOf,
} from './service';

/** A client's partners (its administrators) and a partner's clients (the partner's). */
export const partnerRoutes =
  (db: Db, onBaselineApplied: (organizationId: string) => Promise<void>): FastifyPluginAsyncZod =>
  async (app) => {
    const overview = new PartnerOverview(db);
    /** The organisation the session is in: a client, while a partner works there. */
    const here = (request: FastifyRequest): PartnerCaller => {
      const session = sessionOf(request);
      const { id, domain } = session.organization;
      return { organizationId: id, domain, actor: auditActor(session) };
    };
    /** The partner's own organisation, even from inside a client. */
    const own = (request: FastifyRequest): PartnerCaller => {
      const session = sessionOf(request);
      const { id, domain } = session.partner?.organization ?? session.organization;
      return { organizationId: id, domain, actor: auditActor(session) };
    };

    route(app, endpoints.listPartners, async (request) => ({
      links: await clientLinks(db, here(request).organizationId),
    }));

    route(
      app,
      endpoints.invitePartner,
      { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
      async (request, reply) => {
        const link = await invitePartner(db, here(request), request.body);
        return reply.code(201).send({ link });
      },
    );

    route(app, endpoints.changePartnerRole, async (request) => ({
      link: await changePartnerRole(db, here(request), request.params.id, request.body.role),
    }));

    route(app, endpoints.endPartnerLink, async (request) => ({
      link: await endPartnerLink(db, here(request), request.params.id),
    }));

    route(app, endpoints.listPartnerClients, async (request) => ({
      links: await partnerLinksOf(db, own(request).organizationId),
    }));

    route(app, endpoints.acceptPartnerInvitation, async (request) => ({
      link: await acceptInvitation(db, own(request), request.params.id),
    }));

    route(app, endpoints.leavePartnerClient, async (request) => ({
      link: await endPartnerLink(db, own(request), request.params.id),
    }));

    route(app, endpoints.openPartnerClient, async (request) => ({
      link: await openClient(db, own(request), sessionOf(request).tokenHash, request.params.id),
    }));

    route(app, endpoints.partnerOverview, async (request) =>
      overview.of(own(request).organizationId),
    );

    route(app, endpoints.partnerOverviewCsv, async (request, reply) => {
      const csv = overviewCsv(await overview.of(own(request).organizationId));
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="clients-${new Date().toISOString().slice(0, 10)}.csv"`,
        )
        .send(csv);
    });

    route(app, endpoints.listBaselines, async (request) =>
      listBaselines(db, own(request).organizationId),
    );

    route(app, endpoints.createBaseline, async (request, reply) => {
      const baseline = await createBaseline(db, own(request), request.body);
      return reply.code(201).send({ baseline });
    });

    route(app, endpoints.updateBaseline, async (request) => ({
      baseline: await updateBaseline(db, own(request), request.params.id, request.body),
    }));

    route(app, endpoints.deleteBaseline, async (request, reply) => {
      await deleteBaseline(db, own(request), request.params.id);
      return reply.code(204).send(null);
    });

    route(
      app,
      endpoints.applyBaseline,
      { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
      async (request) => {
        const applied = await applyBaseline(
          db,
          own(request),
          request.params.id,
          request.body.linkIds,
        );
        for (const organizationId of applied.organizationIds)
          await onBaselineApplied(organizationId);
        return { results: applied.results };
      },
    );

    route(app, endpoints.listBaselineApplications, async (request) => ({
      applications: await baselineApplicationsOf(db, here(request).organizationId),
    }));

    route(app, endpoints.closePartnerClient, async (request, reply) => {
      await closeClient(db, sessionOf(request).tokenHash);
      return reply.code(204).send(null);
    });
  };
