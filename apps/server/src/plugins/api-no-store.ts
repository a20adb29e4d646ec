import type { FastifyInstance } from 'fastify';

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Every API answer is `Cache-Control: no-store` unless its route says otherwise. Almost all of
 * them are one user's data, and the public ones (a domain report being polled, the sign-in
 * options) are live: no browser cache, back/forward cache or proxy should keep a copy that
 * outlives a logout or shows another user's data. One rule for the whole API, rather than
 * guessing per request which answers are personal, cannot miss a route.
 */
export function registerApiNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (isApi(request.url) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
}
