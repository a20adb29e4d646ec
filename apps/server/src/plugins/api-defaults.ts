import type { RouteOptions } from 'fastify';
import { z } from 'zod';

const noQuery = z.strictObject({});
const noBody = z.strictObject({}).nullish();

/**
 * onRoute hook: an API route that declares no query string or body accepts none, so unknown
 * fields are refused everywhere with a 400 rather than silently ignored.
 */
export function apiDefaults(route: RouteOptions): void {
  if (!route.url.startsWith('/api')) return;
  const schema = { ...(route.schema ?? {}) };
  schema.querystring ??= noQuery;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (!methods.every((m) => m === 'GET' || m === 'HEAD')) schema.body ??= noBody;
  route.schema = schema;
}
