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

/** Asking is a click per share: 20 a minute per client address is far beyond a person's pace. */
const REQUEST_LIMIT = { rateLimit: { max: 20, timeWindow: '1 minute' } };

/**
 * The Google Workspace allow-list of external sharing (spec §4 "Allow-list"). `onApprovedChange`
 * runs after the approved entries changed (the shares they cover are judged again).
 */
export const allowListRoutes =
  (db: Db, onApprovedChange: (organizationId: string) => Promise<void>): FastifyPluginAsyncZod =>
  async (app) => {
    const callerOf = (request: FastifyRequest) => {
      const session = sessionOf(request);
      return { actor: auditActor(session), organizationId: session.organization.id };
    };
    /** Runs a change of the approved entries, then lets the shares be judged again. */
    const changing = async <T>(request: FastifyRequest, change: Promise<T>): Promise<T> => {
      const result = await change;
      await onApprovedChange(sessionOf(request).organization.id);
      return result;
    };

    route(app, endpoints.getAllowList, async (request) =>
      allowListOf(db, sessionOf(request).organization.id),
    );
    route(app, endpoints.addToAllowList, async (request) =>
      changing(request, addEntries(db, callerOf(request), request.body)),
    );
    route(app, endpoints.removeFromAllowList, async (request) =>
      changing(request, removeEntries(db, callerOf(request), request.body)),
    );
    route(app, endpoints.requestAllowListEntry, { config: REQUEST_LIMIT }, async (request) =>
      requestEntry(db, callerOf(request), request.body),
    );
    route(app, endpoints.approveAllowListEntry, async (request) =>
      changing(request, approveEntry(db, callerOf(request), request.body)),
    );
    route(app, endpoints.denyAllowListEntry, async (request) =>
      changing(request, denyEntry(db, callerOf(request), request.body)),
    );
  };
