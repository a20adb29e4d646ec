import {
  completeRegistrationResponse,
  domainScanResponse,
  organizationAnalysisResponse,
  parsePublicDomain,
  publicScanParams,
  publicScanRequest,
} from '@castellan/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { organizations } from '../../db/schema';
import { requireAdmin } from '../../lib/access';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import { sessionOf } from '../../plugins/session';
import { findRecentPublicScan, listOrganizationScans, toDomainScan } from './repository';
import type { ScanRunner } from './scan-runner';

/** A public report is reused for an hour: the same domain is not probed again and again. */
export const PUBLIC_SCAN_CACHE_MS = 60 * 60_000;

/** Public reports, the organisation's own analysis and the end of registration. */
export const riskAnalysisRoutes =
  (config: Config, db: Db, scans: ScanRunner): FastifyPluginAsyncZod =>
  async (app) => {
    const domainOf = (input: string) => {
      const parsed = parsePublicDomain(input, { allowReserved: config.scan.allowPrivate });
      if (!parsed.ok) throw new BadRequestError(parsed.error);
      return parsed.domain;
    };
    const sinceCache = () => new Date(Date.now() - PUBLIC_SCAN_CACHE_MS);
    // A failed scan is not kept as an answer: asking again tries again.
    const usable = <T extends { state: string }>(row: T | null) =>
      row && row.state !== 'failed' ? row : null;

    app.post(
      '/risk-analysis/public',
      {
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: { body: publicScanRequest, response: { 200: domainScanResponse } },
      },
      async (request) => {
        const domain = domainOf(request.body.domain);
        const recent = usable(await findRecentPublicScan(db, domain, sinceCache()));
        const row =
          recent ?? (await scans.start({ domain, organizationId: null, requestedById: null }));
        return { scan: toDomainScan(row) };
      },
    );

    app.get(
      '/risk-analysis/public/:domain',
      {
        config: { rateLimit: { max: 240, timeWindow: '1 minute' } },
        schema: { params: publicScanParams, response: { 200: domainScanResponse } },
      },
      async (request) => {
        const domain = domainOf(request.params.domain);
        const row = await findRecentPublicScan(db, domain, sinceCache());
        if (!row) throw new NotFoundError(`There is no recent report for ${domain}.`);
        return { scan: toDomainScan(row) };
      },
    );

    app.get(
      '/risk-analysis',
      { onRequest: app.requireUser, schema: { response: { 200: organizationAnalysisResponse } } },
      async (request) => {
        const { organization } = sessionOf(request);
        const rows = await listOrganizationScans(db, organization.id, { limit: 60 });
        const latest = rows[0] ?? null;
        return {
          domain: organization.domain,
          latest: latest ? toDomainScan(latest) : null,
          history: rows
            .filter((r) => r.state === 'done' && r.finishedAt)
            .map((r) => ({
              id: r.id,
              finishedAt: (r.finishedAt ?? r.startedAt).toISOString(),
              score: r.report?.score ?? null,
              grade: r.report?.grade ?? null,
            }))
            .reverse(),
        };
      },
    );

    app.post(
      '/risk-analysis',
      {
        onRequest: app.requireUser,
        // Only one scan of an organisation runs at a time; this limit only stops a flood.
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: { response: { 202: domainScanResponse } },
      },
      async (request, reply) => {
        const session = sessionOf(request);
        requireAdmin(session);
        const domain = domainOf(session.organization.domain);
        const [latest] = await listOrganizationScans(db, session.organization.id, { limit: 1 });
        const stillRunning =
          latest?.state === 'running' &&
          Date.now() - latest.startedAt.getTime() < scans.abandonedAfterMs;
        const row =
          latest && stillRunning
            ? latest
            : await scans.start({
                domain,
                organizationId: session.organization.id,
                requestedById: session.user.id,
              });
        return reply.code(202).send({ scan: toDomainScan(row) });
      },
    );

    app.post(
      '/registration/complete',
      { onRequest: app.requireUser, schema: { response: { 200: completeRegistrationResponse } } },
      async (request) => {
        const session = sessionOf(request);
        requireAdmin(session);
        if (session.organization.status !== 'PENDING') {
          throw new ConflictError('Your organisation is already registered.');
        }
        await db
          .update(organizations)
          .set({ status: 'REGISTERED' })
          .where(eq(organizations.id, session.organization.id));
        request.log.info({ organizationId: session.organization.id }, 'organisation registered');
        return { status: 'REGISTERED' as const };
      },
    );
  };
