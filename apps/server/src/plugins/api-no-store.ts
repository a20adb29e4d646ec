import type { FastifyInstance } from 'fastify';

const isApi = (route: string) => route === '/api' || route.startsWith('/api/');

/**
 * Every API answer is `Cache-Control: no-store` unless its route says otherwise. Almost all of
 * them are one user's data, and the public ones (a domain report being polled, the sign-in
 * options) are live: no browser cache, back/forward cache or proxy should keep a copy that
 * outlives a logout or shows another user's data. One rule for the whole API, rather than
 * guessing per request which answers are personal, cannot miss a route.
 *
 * It is decided on the route that answered, not the URL as sent: the router decodes the path, so
 * `/%61pi/…` reaches an API route. An answer no route gave (a 404) is no-store too unless it
 * set its own (the web app's history fallback does).
 */
export function registerApiNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    const route = request.routeOptions.url;
    if ((route === undefined || isApi(route)) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
}
