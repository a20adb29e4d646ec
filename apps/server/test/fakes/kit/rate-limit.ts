// A fake's own rate limit: at most `limit` calls of one key (an endpoint, a token…) in any
// `windowMs`. A call over it is answered 429 in the provider's envelope, with the seconds
// retryAfter gives as Retry-After where the provider sends one.

export type RateRule = { limit: number; windowMs: number };

export function rateLimiter(initial: RateRule | null = null) {
  let rule = initial;
  const calls = new Map<string, number[]>();
  const recent = (key: string, now: number) =>
    (calls.get(key) ?? []).filter((at) => rule && now - at < rule.windowMs);
  return {
    /** A new rule (null: no limit); the calls counted so far are forgotten. */
    set(next: RateRule | null) {
      rule = next;
      calls.clear();
    },
    /** Whole seconds until `key` may call again (at least 1); null when it may now. */
    retryAfter(key: string, now = Date.now()): number | null {
      if (!rule) return null;
      const inWindow = recent(key, now);
      if (inWindow.length < rule.limit) return null;
      const freedAt = (inWindow[inWindow.length - rule.limit] ?? now) + rule.windowMs;
      return Math.max(1, Math.ceil((freedAt - now) / 1000));
    },
    /** Counts a call of `key` against the limit. */
    count(key: string, now = Date.now()) {
      if (rule) calls.set(key, [...recent(key, now), now]);
    },
  };
}

export type RateLimiter = ReturnType<typeof rateLimiter>;
