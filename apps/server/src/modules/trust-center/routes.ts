import { endpoints } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { auditActor } from '../audit/actor';
import { sessionOf } from '../sessions/plugin';
import { route } from '../sessions/route';
import { securityTxt } from './security-txt';
import {
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
