import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from './service';

/** The client address (behind a trusted proxy, the forwarded one) and user agent of a request. */
export const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
});
