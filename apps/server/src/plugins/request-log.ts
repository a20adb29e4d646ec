import { PROVIDER_IDS, PROVIDERS, type ProviderInfo } from '@castellan/contract';
import type { FastifyRequest } from 'fastify';

/**
 * Routes whose query carries a one-time secret: the OAuth `code` and `state` of the sign-in and
 * connect callbacks, the token of an unsubscribe link. The log never keeps their query.
 */
const CONNECT_CALLBACKS = PROVIDER_IDS.flatMap((id) => {
  const connect: ProviderInfo['connect'] = PROVIDERS[id].connect;
  return 'callback' in connect ? [`/api${connect.callback}`] : [];
});
const SECRET_QUERY_ROUTES = new Set([
  '/api/auth/:provider/callback',
  ...CONNECT_CALLBACKS,
  '/api/mail/unsubscribe',
]);

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The same by path, for requests no route answered and the web app's unsubscribe page. */
const SECRET_QUERY_PATH = new RegExp(
  `^(?:/api/auth/[^/]+/callback|${[...CONNECT_CALLBACKS, '/api/mail/unsubscribe', '/unsubscribe']
    .map(escapeRegExp)
    .join('|')})/?$`,
  'i',
);

function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

const hasSecretQuery = (route: string | undefined, path: string) =>
  (route !== undefined && SECRET_QUERY_ROUTES.has(route)) ||
  SECRET_QUERY_PATH.test(path) ||
  SECRET_QUERY_PATH.test(decodedPath(path));

/** Paths that carry a secret themselves: a shared report's link (the page and the API). */
const SECRET_PATH = /^(\/api\/shared-reports\/|\/shared\/)[^/?]+/i;

/** The request's URL as the log may keep it. */
export function loggableUrl(url: string, route?: string): string {
  const redacted = url.replace(SECRET_PATH, '$1[redacted]');
  const query = redacted.indexOf('?');
  if (query === -1) return redacted;
  const path = redacted.slice(0, query);
  return hasSecretQuery(route, path) ? `${path}?[redacted]` : redacted;
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
