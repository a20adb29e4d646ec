import { setTimeout as sleep } from 'node:timers/promises';
import { TransientFailure } from './meta-api-error';

export type RetryPolicy = {
  /** Tries in all, the first included. */
  attempts: number;
  /** The wait before the first retry; doubled for each next one. */
  baseDelayMs: number;
  maxDelayMs: number;
};

/** Meta sends no Retry-After; its rate limits clear within minutes, so a few spaced tries. */
export const DEFAULT_RETRY: RetryPolicy = { attempts: 4, baseDelayMs: 1_000, maxDelayMs: 8_000 };

/**
 * Runs `attempt` until it stops throwing TransientFailure or the attempts run out, waiting with
 * exponential backoff (half to all of the doubled delay, so parallel readers spread out).
 * Throws the last failure's MetaApiError.
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
      const backoff = Math.min(policy.baseDelayMs * 2 ** (tries - 1), policy.maxDelayMs);
      await sleep(backoff * (0.5 + Math.random() / 2), undefined, signal ? { signal } : undefined);
    }
  }
}
