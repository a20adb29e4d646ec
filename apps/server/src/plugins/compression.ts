import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses API answers of 1 KB or more with brotli or gzip, as the request's Accept-Encoding
 * asks (no header, as in app.inject(), means no compression). Only JSON and text: the agent's
 * executables (application/octet-stream) stream as they are, and Server-Sent Events are never
 * buffered by a compressor. The web app's files are compressed at build time instead.
 */
export async function registerCompression(api: FastifyInstance): Promise<void> {
  await api.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: /^text\/(?!event-stream)|[+/]json(?:;|$)/,
    // The plugin's default quality 4 made /api/actions larger than gzip; 5 is smaller and as quick.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
}
