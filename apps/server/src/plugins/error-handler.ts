import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/database-unavailable';
import { HttpError, TooManyRequestsError, UnsupportedMediaTypeError } from '../lib/errors';

/** One place that turns every failure into `{ "error": "…" }` with the right status. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply
        .code(400)
        .send({ error: describeValidation(err.validationContext, err.validation) });
    }
    if (err instanceof TooManyRequestsError) {
      reply.header('retry-after', String(err.retryAfterSeconds));
    }
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).send({ error: err.message });
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status === 413) {
      return reply.code(413).send({ error: 'The request body is too large.' });
    }
    if (status === 415) {
      return reply.code(415).send({ error: new UnsupportedMediaTypeError().message });
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: err.message || 'Bad request.' });
    }
    if (isDatabaseUnavailable(err)) {
      // Expected during an outage and repeated for every request: a warning, not a stack each time.
      // The driver's reason, not Drizzle's wrapper, whose message holds the query's parameters.
      const reason = err.cause instanceof Error ? err.cause.message : err.message;
      request.log.warn({ reason }, 'request failed: database not answering');
      reply.header('retry-after', '5');
      return reply.code(503).send({ error: DATABASE_UNAVAILABLE_MESSAGE });
    }
    request.log.error({ err }, 'request failed');
    return reply.code(500).send({ error: 'Something went wrong on our side. Please try again.' });
  });
}

function describeValidation(
  context: string | undefined,
  issues: { keyword: string; instancePath: string; message?: string | undefined }[],
): string {
  const where = context === 'querystring' ? 'query' : (context ?? 'request');
  return issues
    .slice(0, 5)
    .map((issue) => {
      // The contract's own checks (zod's custom issues) explain in a sentence meant for people,
      // naming the value; the web app shows `error` as it is (spec §8).
      if (issue.keyword === 'custom' && issue.message) return issue.message;
      const field = issue.instancePath.split('/').filter(Boolean).join('.');
      return `${field ? `${where}.${field}` : where}: ${issue.message ?? 'is invalid'}`;
    })
    .join('; ');
}
