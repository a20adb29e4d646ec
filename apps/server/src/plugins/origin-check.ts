import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { ForbiddenError, UnsupportedMediaTypeError } from '../lib/errors';
import { loggableUrl } from './request-log';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route also takes an HTML form's content type: RFC 8058's one-click unsubscribe, which
     * mail providers POST from their servers. It must change nothing a forged request could abuse.
     */
    formBody?: boolean;
    /**
     * The route takes a file's bytes as the body, with the file's own type (attachments). Those
     * types are not ones a form can send, so a browser asks before sending them cross-origin.
     */
    fileBody?: readonly string[];
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(value: string | undefined): string | null {
  if (!value || value === 'null') return value === 'null' ? 'null' : null;
  try {
    return new URL(value).origin;
  } catch {
    return 'invalid';
  }
}

/** The media type of a Content-Type header, without its parameters. */
const mediaType = (value: string | undefined) => value?.split(';')[0]?.trim().toLowerCase();

/**
 * Refuses state-changing requests that a browser sends on behalf of another site, on top of the
 * SameSite=Lax session cookie:
 * - whatever the path (the router decodes `/%61pi/…` into an API route, so no path is exempt),
 *   `Sec-Fetch-Site` must say `same-origin` and `Origin` (or `Referer`) must be the app's when a
 *   browser sends them; other clients (scripts, the endpoint agent) send neither and are judged
 *   by their credentials alone;
 * - state-changing API calls must say `Content-Type: application/json`, with or without a body,
 *   which no HTML form can send and which makes a browser ask before sending it cross-origin.
 */
export function registerOriginCheck(app: FastifyInstance, config: Config): void {
  const publicOrigin = new URL(config.publicUrl).origin;
  const ownOrigin = (request: FastifyRequest) =>
    `${request.protocol}://${request.headers.host ?? ''}`;

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const site = request.headers['sec-fetch-site'];
    const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
    const foreignSite = site !== undefined && site !== 'same-origin';
    const foreignOrigin =
      origin !== null && origin !== publicOrigin && origin !== ownOrigin(request);
    if (foreignSite || foreignOrigin) {
      request.log.warn(
        { origin, site, url: loggableUrl(request.url) },
        'cross-site request refused',
      );
      throw new ForbiddenError('This request came from another site and was refused.');
    }
    // The matched route, not the raw URL: `/%61pi/…` reaches `/api/…` too.
    const route = request.routeOptions.url;
    const type = mediaType(request.headers['content-type']);
    const { formBody, fileBody } = request.routeOptions.config;
    const formAllowed =
      (formBody && type === 'application/x-www-form-urlencoded') ||
      (type !== undefined && fileBody?.includes(type));
    if (route?.startsWith('/api/') && type !== 'application/json' && !formAllowed) {
      throw new UnsupportedMediaTypeError(
        fileBody ? `Send a file of one of these types: ${fileBody.join(', ')}.` : undefined,
      );
    }
  });
}
