import type { FastifyInstance } from 'fastify';
import type { ChangeFeed } from '../db/change-feed';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A request that may have changed something answers only once every process has heard of it:
 * the next request, wherever it lands, sees the change (a session ended, a member removed, a
 * task done). Reads pass through.
 */
export function registerChangeBarrier(app: FastifyInstance, changes: ChangeFeed): void {
  app.addHook('onSend', async (request) => {
    if (!READS.has(request.method)) await changes.barrier();
  });
}
