import { endpoints } from '@castellan/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { auditActor } from '../audit/actor';
import { sessionOf } from '../sessions/plugin';
import { route } from '../sessions/route';
import {
  addEntries,
  allowListOf,
  approveEntry,
  denyEntry,
  removeEntries,
  requestEntry,
} from './service';

/** The Google Workspace allow-list of external sharing (spec §4 "Allow-list"). */
export const allowListRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const callerOf = (request: FastifyRequest) => {
      const session = sessionOf(request);
      return { actor: auditActor(session), organizationId: session.organization.id };
    };

    route(app, endpoints.getAllowList, async (request) =>
      allowListOf(db, sessionOf(request).organization.id),
    );
    route(app, endpoints.addToAllowList, async (request) =>
      addEntries(db, callerOf(request), request.body),
    );
    route(app, endpoints.removeFromAllowList, async (request) =>
      removeEntries(db, callerOf(request), request.body),
    );
    route(app, endpoints.requestAllowListEntry, async (request) =>
      requestEntry(db, callerOf(request), request.body),
    );
    route(app, endpoints.approveAllowListEntry, async (request) =>
      approveEntry(db, callerOf(request), request.body),
    );
    route(app, endpoints.denyAllowListEntry, async (request) =>
      denyEntry(db, callerOf(request), request.body),
    );
  };
