import type { FastifyRequest } from 'fastify';

/** Sign-in callbacks carry the OAuth `code` and `state` in their query: never logged. */
const isSignInCallback = (route: string | undefined, path: string) =>
  route === '/api/auth/:provider/callback' || /^\/api\/auth\/[^/]+\/callback\/?$/i.test(path);

/** The request's URL as the log may keep it. */
export function loggableUrl(url: string, route?: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const path = url.slice(0, query);
  return isSignInCallback(route, path) ? `${path}?[redacted]` : url;
}

/** Fastify's default request log fields, with the URL made loggable. */
export function requestLogFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggableUrl(request.url, request.routeOptions?.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
