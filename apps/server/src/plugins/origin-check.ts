import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { ForbiddenError } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(value: string | undefined): string | null {
  if (!value || value === 'null') return value === 'null' ? 'null' : null;
  try {
    return new URL(value).origin;
  } catch {
    return 'invalid';
  }
}

/**
 * Refuses state-changing API calls that a browser sends on behalf of another site, on top of the
 * SameSite=Lax session cookie. Browsers send Origin (or at least Referer) with such calls; other
 * clients (scripts, the endpoint agent) send neither and are judged by their credentials alone.
 */
export function registerOriginCheck(app: FastifyInstance, config: Config): void {
  const publicOrigin = new URL(config.publicUrl).origin;
  const ownOrigin = (request: FastifyRequest) =>
    `${request.protocol}://${request.headers.host ?? ''}`;

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
    if (origin === null) return;
    if (origin !== publicOrigin && origin !== ownOrigin(request)) {
      request.log.warn({ origin, url: request.url }, 'cross-site request refused');
      throw new ForbiddenError('This request came from another site and was refused.');
    }
  });
}
