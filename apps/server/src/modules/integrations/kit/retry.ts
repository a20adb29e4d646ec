import { setTimeout as sleep } from 'node:timers/promises';

/** How often, and how far apart, a request that failed for a passing reason is tried again. */
export type RetryPolicy = {
  /** Tries in all, the first included. */
  attempts: number;
  /** The wait before the first retry; doubled for each next one. */
  baseDelayMs: number;
  maxDelayMs: number;
};

/** A RetryPolicy for an API that may answer with Retry-After. */
export type RetryAfterPolicy = RetryPolicy & {
  /** A Retry-After longer than this is not waited for: the error is thrown at once. */
  maxRetryAfterMs: number;
};

/** The suites' (Google's, Microsoft's) default: 4 tries, 0.5 s doubling to 8 s, Retry-After up to a minute. */
export const SUITE_RETRY: RetryAfterPolicy = {
  attempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
};

/** A failure worth another try. */
export type Transient = {
  /** What is thrown once the tries run out. */
  error: unknown;
  /** How long the API asked to wait; null when it did not say. */
  retryAfterMs: number | null;
};

/** What a provider says about its failures. */
export type RetryRule = {
  /** The failure as a Transient, or null for an error that is thrown as it is. */
  transient: (err: unknown) => Transient | null;
  /**
   * How a Retry-After is waited for: 'at-least' waits for the backoff when that is longer,
   * 'exactly' waits for the Retry-After alone.
   */
  retryAfter: 'at-least' | 'exactly';
};

/**
 * Runs `attempt` until it stops throwing a transient failure or the attempts run out, waiting with
 * exponential backoff (half to all of the doubled delay, so parallel readers spread out) or as
 * the Retry-After and `rule` say. Throws the last failure's error.
 */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  policy: RetryPolicy & { maxRetryAfterMs?: number },
  rule: RetryRule,
  signal?: AbortSignal,
): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await attempt();
    } catch (err) {
      const failure = rule.transient(err);
      if (!failure) throw err;
      if (tries >= policy.attempts) throw failure.error;
      const { retryAfterMs } = failure;
      const maxRetryAfterMs = policy.maxRetryAfterMs ?? Number.POSITIVE_INFINITY;
      if (retryAfterMs !== null && retryAfterMs > maxRetryAfterMs) throw failure.error;
      const wait =
        retryAfterMs !== null && rule.retryAfter === 'exactly'
          ? retryAfterMs
          : Math.max(jitteredBackoff(policy, tries), retryAfterMs ?? 0);
      await sleep(wait, undefined, signal ? { signal } : undefined);
    }
  }
}

/** `withRetries` with `rule` fixed, for a provider's own retry module. */
export function retrier<P extends RetryPolicy>(rule: RetryRule) {
  return <T>(attempt: () => Promise<T>, policy: P, signal?: AbortSignal): Promise<T> =>
    withRetries(attempt, policy, rule, signal);
}

function jitteredBackoff(policy: RetryPolicy, tries: number): number {
  const backoff = Math.min(policy.baseDelayMs * 2 ** (tries - 1), policy.maxDelayMs);
  return backoff * (0.5 + Math.random() / 2);
}
