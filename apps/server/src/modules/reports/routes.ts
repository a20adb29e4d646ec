import { endpoints, shareToken } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { requireAdmin } from '../sessions/access';
import { sessionOf } from '../sessions/plugin';
import { route } from '../sessions/route';
import { renderReportHtml } from './render-html';
import { renderReportPdf } from './render-pdf';
import { assuranceReport, endShare, openSharedReport, reportShares, shareReport } from './service';

/** The report a stand-alone HTML answer may show: its own inline style, nothing else. */
const HTML_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

const fileName = (domain: string, generatedAt: string, ext: string) =>
  `security-report-${domain}-${generatedAt.slice(0, 10)}.${ext}`;

/**
 * The report to export (JSON, PDF, HTML) and to share through links that expire; the shared
 * copy is public to whoever holds its link, and each open is logged.
 */
export const reportRoutes =
  (config: Config, db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.getReport, async (request) => {
      const { user, organization } = sessionOf(request);
      return assuranceReport(db, organization, user.id);
    });

    const adminOnly = {
      onRequest: app.requireUser,
      preHandler: async (request: Parameters<typeof sessionOf>[0]) =>
        requireAdmin(sessionOf(request)),
    };

    app.get(
      '/reports/assurance.pdf',
      { schema: { hide: true }, ...adminOnly },
      async (request, reply) => {
        const { user, organization } = sessionOf(request);
        const report = await assuranceReport(db, organization, user.id);
        const pdf = await renderReportPdf(report);
        return reply
          .type('application/pdf')
          .header(
            'content-disposition',
            `attachment; filename="${fileName(organization.domain, report.generatedAt, 'pdf')}"`,
          )
          .send(pdf);
      },
    );

    app.get(
      '/reports/assurance.html',
      { schema: { hide: true }, ...adminOnly },
      async (request, reply) => {
        const { user, organization } = sessionOf(request);
        const report = await assuranceReport(db, organization, user.id);
        return reply
          .type('text/html; charset=utf-8')
          .header('content-security-policy', HTML_POLICY)
          .send(renderReportHtml(report));
      },
    );

    route(app, endpoints.listReportShares, async (request) => ({
      shares: await reportShares(db, sessionOf(request).organization.id),
    }));

    route(app, endpoints.createReportShare, async (request, reply) => {
      const { user, organization } = sessionOf(request);
      const created = await shareReport(
        db,
        organization,
        user,
        request.body.days,
        config.publicUrl,
      );
      request.log.info({ share: created.share.id }, 'report shared');
      return reply.code(201).send(created);
    });

    route(app, endpoints.revokeReportShare, async (request) => ({
      share: await endShare(db, sessionOf(request).organization.id, request.params.id),
    }));

    const sharedLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

    route(app, endpoints.getSharedReport, { config: sharedLimit }, async (request) => {
      const { report, expiresAt } = await openSharedReport(
        db,
        request.params.token,
        'page',
        request.headers['user-agent'],
      );
      return { report, expiresAt: expiresAt.toISOString() };
    });

    app.get(
      '/shared-reports/:token/pdf',
      {
        schema: { hide: true, params: z.strictObject({ token: shareToken }) },
        config: sharedLimit,
      },
      async (request, reply) => {
        const { report, expiresAt } = await openSharedReport(
          db,
          request.params.token,
          'pdf',
          request.headers['user-agent'],
        );
        const pdf = await renderReportPdf(report, { sharedUntil: expiresAt });
        return reply
          .type('application/pdf')
          .header(
            'content-disposition',
            `attachment; filename="${fileName(report.organization.domain, report.generatedAt, 'pdf')}"`,
          )
          .header('x-robots-tag', 'noindex')
          .send(pdf);
      },
    );
  };
