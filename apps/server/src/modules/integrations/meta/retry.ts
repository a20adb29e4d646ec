import { type RetryPolicy, retrier } from '../retry';
import { TransientFailure } from './meta-api-error';

export type { RetryPolicy };

/** Meta sends no Retry-After; its rate limits clear within minutes, so a few spaced tries. */
export const DEFAULT_RETRY: RetryPolicy = { attempts: 4, baseDelayMs: 1_000, maxDelayMs: 8_000 };

/** A TransientFailure is tried again after the backoff alone. Throws the last MetaApiError. */
export const withRetries = retrier<RetryPolicy>({
  transient: (err) =>
    err instanceof TransientFailure ? { error: err.error, retryAfterMs: null } : null,
  retryAfter: 'at-least',
});
