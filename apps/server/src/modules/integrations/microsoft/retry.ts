import { type RetryAfterPolicy, retrier } from '../retry';
import { TransientFailure } from './microsoft-api-error';

export type RetryPolicy = RetryAfterPolicy;

export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
};

/**
 * A TransientFailure is tried again, waiting as long as its Retry-After says when it says one.
 * Throws the last failure's MicrosoftApiError.
 */
export const withRetries = retrier<RetryPolicy>({
  transient: (err) => (err instanceof TransientFailure ? err : null),
  retryAfter: 'exactly',
});
