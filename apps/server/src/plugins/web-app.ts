import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app. Unknown /api paths answer 404 JSON; any other GET answers the app's
 * index.html so that deep links such as /tasks load the app (history fallback).
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const built = existsSync(path.join(distDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies (apps/web/scripts/precompress.mjs); Vary is set.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Vite puts a content hash in every asset name, so those never change.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ error: `No such endpoint: ${request.method} ${pathname}` });
    }
    // A stale tab asking for an asset of an older build must get an error, not the app's page.
    if (pathname.startsWith('/assets/')) {
      return reply.code(404).send({ error: `No such file: ${pathname}` });
    }
    if (!built) {
      return reply
        .code(503)
        .send({ error: 'The web app is not built yet: run `npm run build`, then restart.' });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
