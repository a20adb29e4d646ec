import { httpClient } from '../kit/http-client';
import { ownPauseGate, type PauseGate } from '../kit/pause-gate';
import { type RetryAfterPolicy, SUITE_RETRY } from '../kit/retry';
import { GoogleApiError } from './google-api-error';
import { DEFAULT_TIMEOUT_MS, type GoogleClientConfig } from './google-client-config';

export type RetryPolicy = RetryAfterPolicy;

export const DEFAULT_RETRY: RetryPolicy = SUITE_RETRY;

/** The kit's client with Google's settings: a Retry-After is waited for at least. */
export const googleHttp = (cfg: GoogleClientConfig, retry: RetryPolicy, gate?: PauseGate) =>
  httpClient({
    site: 'Google',
    unavailable: (message, cause) => new GoogleApiError('unavailable', message, null, { cause }),
    timeoutMs: cfg.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    retry,
    retryAfter: 'at-least',
    gate: gate ?? ownPauseGate(),
  });
