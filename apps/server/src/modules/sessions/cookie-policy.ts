import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';

/**
 * Whether our cookies carry `Secure`. In production always, whatever PUBLIC_URL says, so a
 * misconfigured or proxied deployment never sends a session over plain http; elsewhere only when
 * the app is reached over https (tests and local development run on plain http).
 */
export const secureCookies = (config: Config, request: FastifyRequest): boolean =>
  config.env === 'production' ||
  request.protocol === 'https' ||
  config.publicUrl.startsWith('https:');

/**
 * The name of a cookie in production: `__Host-` for a cookie on Path=/ (the browser accepts it
 * only Secure, from this very host, without Domain, so no sibling subdomain can plant or
 * overwrite it), `__Secure-` for a cookie on a narrower path. Plain names elsewhere.
 */
export const cookieName = (
  config: Config,
  name: string,
  prefix: '__Host-' | '__Secure-',
): string => (config.env === 'production' ? `${prefix}${name}` : name);
