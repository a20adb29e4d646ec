import { endpoints } from '@castellan/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { auditActor } from '../audit/actor';
import type { BackgroundScans } from '../risk-analysis/background-scans';
import { sessionOf } from '../sessions/plugin';
import { route } from '../sessions/route';
import { type CtSearchQueue, searchSuggestions, sourceOf, suggestionsOf } from './suggestions';
import {
  addTarget,
  changeFrequency,
  removeTarget,
  scanTargetNow,
  type WatchCaller,
  watchOf,
} from './targets';
import { timelineOf } from './timeline';

/** The continuous watch of the organisation's domains (administrators). */
export const watchRoutes =
  (
    config: Config,
    db: Db,
    scans: BackgroundScans,
    ctSearches: CtSearchQueue,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.getWatch, async (request) =>
      watchOf(db, sessionOf(request).organization.id),
    );

    const callerOf = (request: FastifyRequest): WatchCaller => {
      const session = sessionOf(request);
      return { organizationId: session.organization.id, actor: auditActor(session) };
    };

    route(app, endpoints.setWatchSettings, async (request) =>
      changeFrequency(db, callerOf(request), request.body.frequency),
    );

    route(
      app,
      endpoints.addWatchTarget,
      { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
      async (request, reply) => {
        const { organization } = sessionOf(request);
        const target = await addTarget(
          db,
          scans,
          {
            ...callerOf(request),
            domain: organization.domain,
            allowReserved: config.scan.allowPrivate,
          },
          request.body.name,
          await sourceOf(db, organization.id, request.body.name),
        );
        return reply.code(201).send({ target });
      },
    );

    route(app, endpoints.removeWatchTarget, async (request, reply) => {
      await removeTarget(db, callerOf(request), request.params.id);
      return reply.code(204).send(null);
    });

    route(app, endpoints.scanWatchTarget, async (request, reply) => {
      const { organization } = sessionOf(request);
      const target = await scanTargetNow(db, scans, organization.id, request.params.id);
      return reply.code(202).send({ target });
    });

    route(app, endpoints.listWatchChanges, async (request) => {
      const { organization, user } = sessionOf(request);
      return timelineOf(
        db,
        { organizationId: organization.id, userId: user.id },
        request.query.before ?? null,
        request.query.limit,
      );
    });

    route(app, endpoints.getWatchSuggestions, async (request) =>
      suggestionsOf(db, sessionOf(request).organization),
    );

    route(
      app,
      endpoints.searchWatchSuggestions,
      { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
      async (request, reply) => {
        const answer = await searchSuggestions(db, ctSearches, sessionOf(request).organization);
        return reply.code(202).send(answer);
      },
    );
  };
