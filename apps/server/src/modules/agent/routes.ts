import { endpoints } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { auditActor } from '../audit/actor';
import { sessionOf } from '../sessions/plugin';
import { route } from '../sessions/route';
import { agentDownloads, hasAgentBuild } from './downloads';
import { buildVersion, type ManifestSigner, signedManifest } from './manifest';
import { bearerToken } from './secrets';
import {
  askCheckNow,
  createEnrollmentCode,
  type DevicesJudge,
  dueOfToken,
  enrollDevice,
  receiveReport,
  removeDevice,
  unenrollDevice,
} from './service';

/** A code is one of ~2^59: ten tries a minute per client make guessing hopeless. */
const ENROLL_LIMIT = { rateLimit: { max: 10, timeWindow: '1 minute' } };
const CODE_LIMIT = { rateLimit: { max: 10, timeWindow: '1 minute' } };
/**
 * Reports and unenrollments per client address, counted before the token is read: keyed on the
 * token, every made-up token would have a fresh count. An agent reports every few hours, so 60 a
 * minute leaves room for an office of devices behind one address.
 */
const REPORT_LIMIT = { rateLimit: { max: 60, timeWindow: '1 minute' } };
/** An agent keeping watch asks every 15 seconds: four a minute per device behind one address. */
const DUE_LIMIT = { rateLimit: { max: 240, timeWindow: '1 minute' } };
/** A person pressing "Check again now": a few times a minute is plenty. */
const CHECK_NOW_LIMIT = { rateLimit: { max: 10, timeWindow: '1 minute' } };

/**
 * The endpoint agent: enrollment codes, enrollment, reports, removing devices, downloads and
 * updates. `devices` judges a member's devices again when they report, leave or are removed (the
 * devices module lists them).
 */
export const agentRoutes =
  (config: Config, db: Db, signer: ManifestSigner, devices: DevicesJudge): FastifyPluginAsyncZod =>
  async (app) => {
    route(
      app,
      endpoints.createAgentEnrollmentCode,
      { config: CODE_LIMIT },
      async (request, reply) => {
        // A code is only worth having with an agent to enroll.
        if (!(await hasAgentBuild(config.agent.distDir))) {
          throw new ConflictError(
            'This server has no agent build to hand out yet, so there is nothing to enroll (`npm run build` makes one).',
          );
        }
        const { user, organization } = sessionOf(request);
        const code = await createEnrollmentCode(db, {
          organizationId: organization.id,
          userId: user.id,
        });
        return reply.code(201).send(code);
      },
    );

    route(app, endpoints.enrollAgentDevice, { config: ENROLL_LIMIT }, async (request, reply) => {
      const enrolled = await enrollDevice(db, request.body, config.agent.browserVersions);
      return reply.code(201).send({ ...enrolled, updateKey: signer.publicKey });
    });

    route(app, endpoints.sendAgentReport, { config: REPORT_LIMIT }, async (request) => {
      await receiveReport(db, devices, bearerToken(request.headers.authorization), request.body);
      return {
        accepted: true as const,
        currentBrowsers: config.agent.browserVersions,
        updateKey: signer.publicKey,
      };
    });

    route(app, endpoints.unenrollAgentDevice, { config: REPORT_LIMIT }, async (request, reply) => {
      await unenrollDevice(db, devices, bearerToken(request.headers.authorization));
      return reply.code(204).send(null);
    });

    route(app, endpoints.removeAgentDevice, async (request, reply) => {
      const session = sessionOf(request);
      await removeDevice(
        db,
        devices,
        auditActor(session),
        {
          organizationId: session.organization.id,
          userId: session.user.id,
          isAdmin: session.user.role === 'admin',
        },
        request.params.id,
      );
      return reply.code(204).send(null);
    });

    route(app, endpoints.checkAgentDeviceNow, { config: CHECK_NOW_LIMIT }, async (request) => {
      const { user, organization } = sessionOf(request);
      return askCheckNow(
        db,
        { organizationId: organization.id, userId: user.id, isAdmin: user.role === 'admin' },
        request.params.id,
      );
    });

    route(app, endpoints.getAgentDue, { config: DUE_LIMIT }, async (request) =>
      dueOfToken(db, bearerToken(request.headers.authorization)),
    );

    route(app, endpoints.getAgentDownloads, async () => ({
      version: await buildVersion(config.agent.distDir),
      downloads: await agentDownloads(config.agent.distDir),
    }));

    route(app, endpoints.getAgentManifest, { config: DUE_LIMIT }, async () => {
      const manifest = await signedManifest(config.agent.distDir, signer);
      if (!manifest) throw new NotFoundError('This server has no agent builds to update from.');
      return manifest;
    });
  };
