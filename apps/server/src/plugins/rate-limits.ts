// Rate limits are off by default and set on each route (`config.rateLimit`). They count in this
// process's memory, or in Redis when REDIS_URL is set, so that every server process shares one
// count per client: several processes behind a load balancer then allow no more than one would.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config';

export async function registerRateLimits(app: FastifyInstance, config: Config): Promise<void> {
  if (!config.redisUrl) {
    await app.register(rateLimit, { global: false });
    return;
  }
  const redis = await connectRedis(config.redisUrl);
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  // skipOnError stays off: while Redis does not answer, limited routes fail (500) rather than
  // go unlimited.
  await app.register(rateLimit, { global: false, redis, nameSpace: 'castellan-rate-limit:' });
}

/** Connects before the server listens, so that an unreachable Redis stops the start. */
async function connectRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 5000,
    // A request waits for at most one reconnection attempt, not the default twenty.
    maxRetriesPerRequest: 1,
  });
  // Errors after the start (a lost connection) fail the requests that need Redis; ioredis
  // reconnects on its own. Unheard, an 'error' event would stop the process.
  let lastError: Error | null = null;
  redis.on('error', (err: Error) => {
    lastError = err;
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    redis.disconnect();
    // Only the host: the URL may hold a password.
    const { host } = new URL(url);
    throw new Error(
      `REDIS_URL: Redis at ${host} does not answer (${(lastError ?? (err as Error)).message})`,
    );
  }
  return redis;
}
