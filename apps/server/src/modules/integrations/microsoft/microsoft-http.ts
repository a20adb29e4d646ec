import { httpClient } from '../kit/http-client';
import { ownPauseGate, type PauseGate } from '../kit/pause-gate';
import { type RetryAfterPolicy, SUITE_RETRY } from '../kit/retry';
import { DEFAULT_TIMEOUT_MS, type MicrosoftClientConfig } from './client-config';
import { MicrosoftApiError } from './microsoft-api-error';

export type RetryPolicy = RetryAfterPolicy;

export const DEFAULT_RETRY: RetryPolicy = SUITE_RETRY;

/** The kit's client with Microsoft's settings: a Retry-After is waited for exactly. */
export const microsoftHttp = (cfg: MicrosoftClientConfig, retry: RetryPolicy, gate?: PauseGate) =>
  httpClient({
    site: 'Microsoft',
    unavailable: (message, cause) =>
      new MicrosoftApiError('unavailable', message, null, null, { cause }),
    timeoutMs: cfg.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    retry,
    retryAfter: 'exactly',
    gate: gate ?? ownPauseGate(),
  });
