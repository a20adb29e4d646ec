import { endpoints, parsePublicDomain } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import { sessionOf } from '../sessions/plugin';
import { route } from '../sessions/route';
import type { BackgroundScans } from './background-scans';
import {
  organizationAnalysis,
  publicScan,
  recentPublicScan,
  startOrganizationScan,
} from './service';

/** Public reports, the organisation's own analysis and the end of registration. */
export const riskAnalysisRoutes =
  (config: Config, db: Db, scans: BackgroundScans): FastifyPluginAsyncZod =>
  async (app) => {
    const domainOf = (input: string) => {
      const parsed = parsePublicDomain(input, { allowReserved: config.scan.allowPrivate });
      if (!parsed.ok) throw new BadRequestError(parsed.error);
      return parsed.domain;
    };

    route(
      app,
      endpoints.startPublicScan,
      { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
      async (request) => {
        const domain = domainOf(request.body.domain);
        return { scan: await publicScan(db, scans, domain, request.ip) };
      },
    );

    route(
      app,
      endpoints.getPublicScan,
      { config: { rateLimit: { max: 240, timeWindow: '1 minute' } } },
      async (request) => {
        const domain = domainOf(request.params.domain);
        const scan = await recentPublicScan(db, domain);
        if (!scan) throw new NotFoundError(`There is no recent report for ${domain}.`);
        return { scan };
      },
    );

    route(app, endpoints.getRiskAnalysis, async (request) => {
      const { organization } = sessionOf(request);
      return {
        domain: organization.domain,
        ...(await organizationAnalysis(db, organization.id)),
      };
    });

    route(
      app,
      endpoints.startOrganizationScan,
      // Only one scan of an organisation runs at a time; this limit only stops a flood.
      { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
      async (request, reply) => {
        const session = sessionOf(request);
        const domain = domainOf(session.organization.domain);
        const scan = await startOrganizationScan(db, scans, {
          domain,
          organizationId: session.organization.id,
          requestedById: session.user.id,
        });
        return reply.code(202).send({ scan });
      },
    );
  };
