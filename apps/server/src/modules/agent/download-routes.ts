import { createReadStream } from 'node:fs';
import { agentDownloadParams } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { NotFoundError } from '../../lib/errors';
import { agentBuild } from './downloads';

/**
 * `GET /api/agent/download/:target`: the agent's file itself. Not in the contract (it answers
 * bytes, not JSON); public, like any installer, so that `curl` can fetch it too.
 */
export const agentDownloadRoutes =
  (config: Config): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/agent/download/:target',
      {
        schema: { params: agentDownloadParams, hide: true },
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const build = await agentBuild(config.agent.distDir, request.params.target);
        if (!build) throw new NotFoundError('This server has no agent build for that system.');
        return reply
          .type('application/octet-stream')
          .header('content-length', build.bytes)
          .header('content-disposition', `attachment; filename="${build.fileName}"`)
          .header('x-checksum-sha256', build.sha256)
          .send(createReadStream(build.path));
      },
    );
  };
