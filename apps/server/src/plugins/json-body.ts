import type { FastifyInstance } from 'fastify';
import { BadRequestError } from '../lib/errors';

/**
 * JSON bodies through Fastify's own parser (which guards against prototype poisoning), except
 * that an empty body counts as no body: the web app sends a JSON content type on every call.
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  // Fastify also parses text/plain by default: only JSON is accepted, anything else is a 415.
  app.removeContentTypeParser('text/plain');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') {
      done(null, undefined);
      return;
    }
    void parse(request, body.toString(), (err, value) => {
      if (err) done(new BadRequestError('The request body is not valid JSON.'), undefined);
      else done(null, value);
    });
  });
}
