import { deleteOrganizationResponse, isProductDomain, organization } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { requireAdmin } from '../../lib/access';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { endSession, sessionOf } from '../../plugins/session';
import { latestFinishedScan, summarize } from '../risk-analysis/latest';
import { deleteOrganization, findOrganization } from './repository';

export const organizationRoutes =
  (config: Config, db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/organization',
      { onRequest: app.requireUser, schema: { response: { 200: organization } } },
      async (request) => {
        const row = await findOrganization(db, sessionOf(request).organization.id);
        if (!row) throw new NotFoundError('Your organisation no longer exists.');
        const { failedLogins, blockedSpam, ...rest } = row;
        const latest = await latestFinishedScan(db, row.id);
        const analysis = latest ? summarize(latest) : null;
        return {
          ...rest,
          metrics: { stopped_attacks: { failed_logins: failedLogins, blocked_spam: blockedSpam } },
          risk_analysis: analysis,
          riskAnalysis: analysis,
          createdAt: row.createdAt.toISOString(),
          updatedAt: row.updatedAt.toISOString(),
        };
      },
    );

    // Only organisations on the product's own domain (staff and sandbox ones) can be deleted here.
    app.delete(
      '/organization',
      { onRequest: app.requireUser, schema: { response: { 200: deleteOrganizationResponse } } },
      async (request, reply) => {
        const session = sessionOf(request);
        requireAdmin(session);
        if (!isProductDomain(session.organization.domain, config.productDomain)) {
          throw new ForbiddenError(
            `Only organisations on ${config.productDomain} can be deleted from the app.`,
          );
        }
        await deleteOrganization(db, session.organization.id);
        request.log.info({ organizationId: session.organization.id }, 'organisation deleted');
        await endSession(request, reply, db);
        return { deleted: true as const };
      },
    );
  };
