import type { FastifyInstance } from 'fastify';

/**
 * Once the server is closing, every answer still going out asks its client to close the
 * connection. Node closes only the connections idle at the moment the server closes: a kept-alive
 * one whose request was in flight would otherwise hold the shutdown open until it times out.
 */
export function registerGracefulClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}
