import { httpClient } from '../kit/http-client';
import { ownPauseGate, pauseGate } from '../kit/pause-gate';
import type { RetryAfterPolicy } from '../kit/retry';
import { DEFAULT_TIMEOUT_MS, type SlackClientConfig } from './client-config';
import { SlackApiError } from './slack-api-error';

/**
 * Slack says how long to wait on a 429 (Retry-After, often a few seconds to a minute): waited
 * exactly, as Slack's own client does; a longer wait is left to the job's retry.
 */
export const SLACK_RETRY: RetryAfterPolicy = {
  attempts: 4,
  baseDelayMs: 1_000,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
};

/**
 * The kit's client with Slack's settings; the calls made for one organisation pause together
 * after a 429.
 */
export const slackHttp = (cfg: SlackClientConfig, organizationId?: string) =>
  httpClient({
    site: 'Slack',
    unavailable: (message, cause) =>
      new SlackApiError('unavailable', message, null, null, { cause }),
    timeoutMs: cfg.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    retry: SLACK_RETRY,
    retryAfter: 'exactly',
    gate: organizationId ? pauseGate('slack', organizationId) : ownPauseGate(),
  });
