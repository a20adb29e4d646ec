// The bench's ceiling: a bare Fastify server (no session, no database, no plugins) that answers
// each path with the bytes and headers the real server gave for it, read from BARE_ANSWERS.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

export type CapturedAnswer = {
  path: string;
  status: number;
  headers: Record<string, string>;
  /** Base64. */
  body: string;
};

const file = process.env.BARE_ANSWERS;
if (!file) throw new Error('BARE_ANSWERS must name the file of captured answers');
const answers = JSON.parse(readFileSync(file, 'utf8')) as CapturedAnswer[];

const app = Fastify();
app.get('/api/health', async () => ({ status: 'ok' }));
for (const answer of answers) {
  const body = Buffer.from(answer.body, 'base64');
  app.get(answer.path, (_request, reply) => {
    reply.code(answer.status).headers(answer.headers).send(body);
  });
}

process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST });
