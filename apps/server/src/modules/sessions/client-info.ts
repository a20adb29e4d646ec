import type { FastifyRequest } from 'fastify';

/** Where a request came from: kept with a session and with audit records. */
export type ClientInfo = { ip: string; userAgent: string | null };

/** The client address (behind a trusted proxy, the forwarded one) and user agent of a request. */
export const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
});
