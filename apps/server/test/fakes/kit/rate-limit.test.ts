import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from './answers';
import { errorAnswer } from './errors';
import { type Listening, listenLocally } from './listen';
import { rateLimiter } from './rate-limit';

describe('kit rateLimiter', () => {
  it('lets `limit` calls of a key through in a window, then says how long to wait', () => {
    const limiter = rateLimiter({ limit: 2, windowMs: 10_000 });
    for (const at of [0, 1_000]) {
      expect(limiter.retryAfter('users', at)).toBeNull();
      limiter.count('users', at);
    }
    // The call at 0 leaves the window at 10 s: 6.5 s from 3.5 s, rounded up.
    expect(limiter.retryAfter('users', 3_500)).toBe(7);
    expect(limiter.retryAfter('users', 9_999)).toBe(1);
    expect(limiter.retryAfter('users', 10_000)).toBeNull();
  });

  it('counts each key apart', () => {
    const limiter = rateLimiter({ limit: 1, windowMs: 60_000 });
    limiter.count('policies', 0);
    expect(limiter.retryAfter('policies', 1)).toBe(60);
    expect(limiter.retryAfter('users', 1)).toBeNull();
  });

  it('forgets the calls counted when the rule changes; no rule, no limit', () => {
    const limiter = rateLimiter({ limit: 1, windowMs: 60_000 });
    limiter.count('k', 0);
    limiter.set({ limit: 1, windowMs: 60_000 });
    expect(limiter.retryAfter('k', 1)).toBeNull();
    limiter.set(null);
    limiter.count('k', 2);
    limiter.count('k', 3);
    expect(limiter.retryAfter('k', 4)).toBeNull();
  });
});

describe('a fake limited by the kit', () => {
  let server: Listening;
  const limiter = rateLimiter({ limit: 1, windowMs: 30_000 });

  beforeAll(async () => {
    server = await listenLocally(
      0,
      async (_req, res) => {
        const wait = limiter.retryAfter('all');
        if (wait !== null) {
          send(res, errorAnswer(429, { error: 'TooManyRequests' }, { retryAfterSeconds: wait }));
          return;
        }
        limiter.count('all');
        send(res, { status: 200, body: { ok: true } });
      },
      () => undefined,
    );
  });
  afterAll(() => server.close());

  it('answers the call over the limit 429 with Retry-After and the provider’s body', async () => {
    expect((await fetch(server.url)).status).toBe(200);
    const refused = await fetch(server.url);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(29);
    expect(await refused.json()).toEqual({ error: 'TooManyRequests' });
  });
});
