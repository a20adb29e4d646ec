import { endpoints } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { sessionOf } from '../sessions/plugin';
import { route } from '../sessions/route';
import { attackGraph } from './service';

/** `GET /api/risk-analysis/attack-graph`: administrators only (the endpoint's access). */
export const attackGraphRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.getAttackGraph, async (request) =>
      attackGraph(db, sessionOf(request).organization.id),
    );
  };
