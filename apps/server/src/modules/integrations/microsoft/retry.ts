import { setTimeout as sleep } from 'node:timers/promises';
import { TransientFailure } from './microsoft-api-error';

export type RetryPolicy = {
  /** Tries in all, the first included. */
  attempts: number;
  /** The wait before the first retry; doubled for each next one. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the error is thrown at once. */
  maxRetryAfterMs: number;
};

export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
};

/**
 * Runs `attempt` until it stops throwing TransientFailure or the attempts run out, waiting as
 * long as Retry-After says, or else with exponential backoff (half to all of the doubled delay,
 * so parallel readers spread out). Throws the last failure's MicrosoftApiError.
 */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  policy: RetryPolicy,
  signal?: AbortSignal,
): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await attempt();
    } catch (err) {
      if (!(err instanceof TransientFailure)) throw err;
      if (tries >= policy.attempts) throw err.error;
      if (err.retryAfterMs !== null && err.retryAfterMs > policy.maxRetryAfterMs) throw err.error;
      const backoff = Math.min(policy.baseDelayMs * 2 ** (tries - 1), policy.maxDelayMs);
      const wait = err.retryAfterMs ?? backoff * (0.5 + Math.random() / 2);
      await sleep(wait, undefined, signal ? { signal } : undefined);
    }
  }
}
