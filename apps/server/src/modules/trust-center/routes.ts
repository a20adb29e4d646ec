import { createHash } from 'node:crypto';
import { endpoints, organizationTrustPageParams } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { auditActor } from '../audit/actor';
import { sessionOf } from '../sessions/plugin';
import { route } from '../sessions/route';
import { securityTxt } from './security-txt';
import {
  domainBadge,
  organizationTrustPage,
  trustCenter,
  trustPageSettings,
  updateTrustPageSettings,
} from './service';

/** Castellan's trust center, the pages organisations publish, and their settings. */
export const trustCenterRoutes =
  (config: Config, db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.getTrustCenter, async () => trustCenter(db, config));

    route(
      app,
      endpoints.getOrganizationTrustPage,
      // Public and cheap to ask: a limit keeps anyone from walking a list of domains quickly.
      { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } },
      async (request) => organizationTrustPage(db, request.params.domain),
    );

    // The badge an organisation embeds on its website: an image other sites show, cached an hour
    // (its grade is never older than BADGE_MAX_AGE_DAYS, it says "not checked recently" then).
    app.get(
      '/trust-center/:domain/badge.svg',
      {
        schema: { hide: true, params: organizationTrustPageParams },
        config: { rateLimit: { max: 300, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const svg = await domainBadge(db, request.params.domain);
        const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"`;
        reply
          .header('cache-control', 'public, max-age=3600')
          .header('etag', etag)
          .header('cross-origin-resource-policy', 'cross-origin')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .header('x-content-type-options', 'nosniff');
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        return reply.type('image/svg+xml; charset=utf-8').send(svg);
      },
    );

    route(app, endpoints.getTrustPageSettings, async (request) =>
      trustPageSettings(db, sessionOf(request).organization),
    );

    route(app, endpoints.updateTrustPageSettings, async (request) => {
      const session = sessionOf(request);
      return updateTrustPageSettings(db, auditActor(session), session.organization, request.body, {
        clientAddress: request.ip,
      });
    });
  };

/** `/.well-known/security.txt`, outside /api: plain text, computed on each request. */
export const securityTxtRoute =
  (config: Config): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/.well-known/security.txt', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(securityTxt(config)),
    );
  };
