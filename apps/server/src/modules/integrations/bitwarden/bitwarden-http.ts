import { httpClient } from '../kit/http-client';
import { ownPauseGate, type PauseGate } from '../kit/pause-gate';
import type { RetryAfterPolicy } from '../kit/retry';
import { BitwardenApiError } from './bitwarden-api-error';
import { type BitwardenClientConfig, DEFAULT_TIMEOUT_MS } from './client-config';

export type RetryPolicy = RetryAfterPolicy;

/** Bitwarden's cloud allows 200 reads a minute per address: a few spaced tries ride out a burst. */
export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 4,
  baseDelayMs: 1_000,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
};

/** The kit's client with Bitwarden's settings. */
export const bitwardenHttp = (cfg: BitwardenClientConfig, retry: RetryPolicy, gate?: PauseGate) =>
  httpClient({
    site: 'Bitwarden',
    unavailable: (message, cause) =>
      new BitwardenApiError('unavailable', message, null, null, { cause }),
    timeoutMs: cfg.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    retry,
    retryAfter: 'at-least',
    gate: gate ?? ownPauseGate(),
  });
