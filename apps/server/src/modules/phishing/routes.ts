import { endpoints } from '@castellan/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { auditActor } from '../audit/actor';
import { sessionOf } from '../sessions/plugin';
import { route } from '../sessions/route';
import {
  campaignResults,
  consentToPhishing,
  createCampaign,
  type PhishingCaller,
  phishingOverview,
  practicePeople,
} from './campaigns';
import { finishLesson, practicePage, recordVisit } from './practice';

/** The practice page is reached from a link in an e-mail: a generous limit per address. */
const PRACTICE_RATE_LIMIT = { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } };

/** Phishing practice: administrators' campaigns and results, and each message's practice page. */
export const phishingRoutes =
  (config: Config, db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const callerOf = (request: FastifyRequest): PhishingCaller => {
      const session = sessionOf(request);
      return { organizationId: session.organization.id, actor: auditActor(session) };
    };
    const organizationOf = (request: FastifyRequest) => sessionOf(request).organization.id;

    route(app, endpoints.getPhishing, async (request) =>
      phishingOverview(db, config, organizationOf(request)),
    );
    route(app, endpoints.consentToPhishing, async (request) =>
      consentToPhishing(db, config, callerOf(request)),
    );
    route(
      app,
      endpoints.createPhishingCampaign,
      { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
      async (request, reply) =>
        reply
          .code(201)
          .send({ campaign: await createCampaign(db, config, callerOf(request), request.body) }),
    );
    route(app, endpoints.getPhishingCampaign, async (request) =>
      campaignResults(db, organizationOf(request), request.params.id),
    );
    route(app, endpoints.listPhishingPeople, async (request) =>
      practicePeople(db, organizationOf(request)),
    );

    route(app, endpoints.getPractice, PRACTICE_RATE_LIMIT, async (request) =>
      practicePage(db, config, request.params.token),
    );
    route(app, endpoints.openPractice, PRACTICE_RATE_LIMIT, async (request) =>
      recordVisit(db, config, request.params.token, 'open', {
        userAgent: request.headers['user-agent'],
      }),
    );
    route(app, endpoints.submitPractice, PRACTICE_RATE_LIMIT, async (request) => {
      const { state } = await recordVisit(db, config, request.params.token, 'submitted', {
        userAgent: request.headers['user-agent'],
      });
      return { state };
    });
    route(app, endpoints.finishPracticeLesson, PRACTICE_RATE_LIMIT, async (request) =>
      finishLesson(db, request.params.token),
    );
  };
