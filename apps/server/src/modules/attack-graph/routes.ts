import { endpoints } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { sessionOf } from '../sessions/plugin';
import { route } from '../sessions/route';
import { attackGraph, boardRisks } from './service';

/** The attack graph and the board's biggest open risks: administrators only (the endpoints' access). */
export const attackGraphRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.getAttackGraph, async (request) =>
      attackGraph(db, sessionOf(request).organization.id),
    );
    route(app, endpoints.getBoardRisks, async (request) =>
      boardRisks(db, sessionOf(request).organization.id),
    );
  };
