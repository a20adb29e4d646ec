import { type RetryAfterPolicy, retrier } from '../retry';
import { TransientFailure } from './google-api-error';

export type RetryPolicy = RetryAfterPolicy;

export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
};

/**
 * A TransientFailure is tried again, waiting at least as long as its Retry-After. Throws the last
 * failure's GoogleApiError.
 */
export const withRetries = retrier<RetryPolicy>({
  transient: (err) => (err instanceof TransientFailure ? err : null),
  retryAfter: 'at-least',
});
