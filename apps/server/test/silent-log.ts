import Fastify, { type FastifyBaseLogger } from 'fastify';

/** A logger for code under test outside an app: silent unless LOG_LEVEL says otherwise. */
export function silentLog(): FastifyBaseLogger {
  const level = process.env.LOG_LEVEL ?? 'silent';
  return Fastify({ logger: { level } }).log;
}
