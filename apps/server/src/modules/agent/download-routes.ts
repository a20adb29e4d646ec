import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { agentDownloadParams } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { NotFoundError } from '../../lib/errors';
import { agentBuild } from './downloads';
import { installScriptRoutes } from './install-script-routes';

/**
 * `GET /api/agent/download/:target`: the agent's file itself. Not in the contract (it answers
 * bytes, not JSON); public, like any installer, so that `curl` can fetch it too. A client that
 * accepts gzip gets the build's gzip copy (made by the build) as it is.
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
        reply
          .type('application/octet-stream')
          .header('vary', 'accept-encoding')
          .header('content-disposition', `attachment; filename="${build.fileName}"`)
          .header('x-checksum-sha256', build.sha256);
        const gzip = acceptsGzip(request.headers['accept-encoding'])
          ? await freshGzip(build.path)
          : null;
        if (gzip) {
          return reply
            .header('content-encoding', 'gzip')
            .header('content-length', gzip.bytes)
            .send(createReadStream(gzip.path));
        }
        return reply.header('content-length', build.bytes).send(createReadStream(build.path));
      },
    );
    await app.register(installScriptRoutes(config));
  };

function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '')
    .split(',')
    .some((part) => /^\s*gzip\s*(;\s*q=(?!0(\.0*)?\s*$)[\d.]+\s*)?$/i.test(part));
}

/** The build's gzip copy, when there is one at least as new as the build. */
async function freshGzip(file: string): Promise<{ path: string; bytes: number } | null> {
  const [plain, gz] = await Promise.all([
    stat(file).catch(() => null),
    stat(`${file}.gz`).catch(() => null),
  ]);
  if (!plain || !gz?.isFile() || gz.mtimeMs < plain.mtimeMs) return null;
  return { path: `${file}.gz`, bytes: gz.size };
}
