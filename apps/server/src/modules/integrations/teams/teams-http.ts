// How every post to a Teams workflow is sent: JSON, never following a redirect (the address was
// checked, where it would send us was not), with a timeout, retries with backoff and Retry-After,
// and the organisation's pause. The legacy connector answers text, which the kit's http client
// (JSON only) cannot read, so this sends with fetch and the kit's retry and pause pieces.
import { ownPauseGate, type PauseGate } from '../kit/pause-gate';
import { TransientFailure } from '../kit/provider-error';
import { type RetryAfterPolicy, withRetries } from '../kit/retry';
import { TeamsApiError, teamsFailure } from './teams-api-error';

export type RetryPolicy = RetryAfterPolicy;

/**
 * A nudge may wait: four tries from 2 s to 15 s apart (Microsoft suggests backing off 10–15 s
 * from the connector's limits, 4 a second and 60 in 30 s), a Retry-After of up to a minute.
 */
export const NUDGE_RETRY: RetryPolicy = {
  attempts: 4,
  baseDelayMs: 2_000,
  maxDelayMs: 15_000,
  maxRetryAfterMs: 60_000,
};

/** An administrator waits on the form: one quick second try, no long Retry-After. */
export const VERIFY_RETRY: RetryPolicy = {
  attempts: 2,
  baseDelayMs: 500,
  maxDelayMs: 1_000,
  maxRetryAfterMs: 5_000,
};

const TIMEOUT_MS = 15_000;

export type TeamsHttp = {
  /** Posts `message` as JSON; resolves once Teams accepted it, else throws TeamsApiError. */
  post(where: string, url: URL, message: object, signal?: AbortSignal): Promise<void>;
};

export function teamsHttp(options: { retry: RetryPolicy; gate?: PauseGate }): TeamsHttp {
  const gate = options.gate ?? ownPauseGate();
  return {
    post(where, url, message, signal) {
      const body = JSON.stringify(message);
      const attempt = async () => {
        await gate.ready(signal);
        const timeout = AbortSignal.timeout(TIMEOUT_MS);
        let res: Response;
        let text: string;
        try {
          res = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
            redirect: 'manual',
            signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
          });
          text = await res.text();
        } catch (err) {
          if (signal?.aborted) throw signal.reason;
          const what = timeout.aborted
            ? `no answer within ${TIMEOUT_MS} ms`
            : 'could not reach Teams';
          throw new TransientFailure(
            new TeamsApiError('unavailable', `${where}: ${what}`, null, null, { cause: err }),
          );
        }
        const failure = teamsFailure(where, res.status, res.headers, text);
        if (!failure) return;
        if (failure instanceof TransientFailure && failure.retryAfterMs !== null) {
          gate.pause(failure.retryAfterMs);
        }
        throw failure;
      };
      return withRetries(
        attempt,
        options.retry,
        {
          transient: (err) => (err instanceof TransientFailure ? err : null),
          retryAfter: 'at-least',
        },
        signal,
      );
    },
  };
}
