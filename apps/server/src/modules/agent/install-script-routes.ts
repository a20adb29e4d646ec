import { AGENT_TARGETS } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { agentBuild } from './downloads';
import { type BuildSums, installPowerShellScript, installShellScript } from './install-scripts';

/**
 * `GET /api/agent/install.sh` and `/api/agent/install.ps1`: the one-line installs for all users
 * (see install-scripts.ts). Public, like the downloads; not in the contract (they answer scripts).
 */
export const installScriptRoutes =
  (config: Config): FastifyPluginAsyncZod =>
  async (app) => {
    const sums = async (): Promise<BuildSums> => {
      const found = await Promise.all(
        AGENT_TARGETS.map(async (target) => [
          target,
          (await agentBuild(config.agent.distDir, target))?.sha256,
        ]),
      );
      return Object.fromEntries(found.filter(([, sum]) => sum));
    };
    const limit = { rateLimit: { max: 30, timeWindow: '1 minute' } };
    const scripts = { 'install.sh': installShellScript, 'install.ps1': installPowerShellScript };
    for (const [name, script] of Object.entries(scripts)) {
      app.get(
        `/agent/${name}`,
        { schema: { hide: true }, config: limit },
        async (_request, reply) =>
          reply.type('text/plain; charset=utf-8').send(script(config.publicUrl, await sums())),
      );
    }
  };
