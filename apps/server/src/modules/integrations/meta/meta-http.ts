import { httpClient } from '../kit/http-client';
import { ownPauseGate, type PauseGate } from '../kit/pause-gate';
import type { RetryPolicy } from '../kit/retry';
import { MetaApiError } from './meta-api-error';
import { DEFAULT_TIMEOUT_MS, type MetaClientConfig } from './meta-client-config';

export type { RetryPolicy };

/** Meta sends no Retry-After; its rate limits clear within minutes, so a few spaced tries. */
export const DEFAULT_RETRY: RetryPolicy = { attempts: 4, baseDelayMs: 1_000, maxDelayMs: 8_000 };

/** The kit's client with Meta's settings. */
export const metaHttp = (cfg: MetaClientConfig, retry: RetryPolicy, gate?: PauseGate) =>
  httpClient({
    site: 'Meta',
    unavailable: (message, cause) =>
      new MetaApiError('unavailable', message, { httpStatus: null, cause }),
    timeoutMs: cfg.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    retry,
    retryAfter: 'at-least',
    gate: gate ?? ownPauseGate(),
  });
