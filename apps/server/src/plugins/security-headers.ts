import { PROVIDER_IDS, PROVIDERS, type ProviderInfo } from '@castellan/contract';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * Strict CSP: scripts only from our origin. Styles allow 'unsafe-inline' because the UI kit
 * injects its CSS variables in <style> elements at run time; no script can run from a style.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  // The browser may post to the analytics and error-reporting hosts only when they are configured.
  const reportingOrigins = [config.posthog?.host, config.sentryDsn]
    .filter((u): u is string => Boolean(u))
    .map((u) => new URL(u).origin);
  await app.register(helmet, {
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
