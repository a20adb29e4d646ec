import type { IncomingMessage, ServerResponse } from 'node:http';
import { PROVIDER_IDS, PROVIDERS, type ProviderInfo } from '@castellan/contract';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';

/**
 * Strict CSP: scripts only from our origin. Styles allow 'unsafe-inline' because the UI kit
 * injects its CSS variables in <style> elements at run time; no script can run from a style.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  // The browser may post to the analytics and error-reporting hosts only when they are configured.
  const reportingOrigins = [config.posthog?.host, config.sentryDsn]
    .filter((u): u is string => Boolean(u))
    .map((u) => new URL(u).origin);
  const headers = fixedHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...reportingOrigins],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // The Meta connect popup must stay linked to the page that opened it (see below).
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // The popup comes back from Facebook's dialog (another origin) to these pages: under any other
  // opener policy the browser would cut it from the Integrations page, which could then neither
  // see it close nor be told how the connection went.
  app.addHook('onSend', async (request, reply) => {
    if (POPUP_PAGES.some((prefix) => request.url.startsWith(prefix))) {
      reply.header('cross-origin-opener-policy', 'unsafe-none');
    }
  });
}

/** The pages a popup connect flow shows after leaving for its provider. */
const POPUP_PAGES = PROVIDER_IDS.flatMap((id) => {
  const connect: ProviderInfo['connect'] = PROVIDERS[id].connect;
  if (connect.opens !== 'popup') return [];
  const { start, callback, landing } = connect;
  return [`/api${start}`, `/api${callback}`, ...(landing ? [landing] : [])];
});

/**
 * The headers helmet sets with these options, worked out once: none depends on the request, and
 * running helmet's middleware for each one cost more than the rest of a signed-in read.
 */
function fixedHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish setting its headers at once');
  return headers;
}
