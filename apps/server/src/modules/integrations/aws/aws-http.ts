// How every AWS call is sent: signed afresh on each try, with the kit's timeouts, retries with
// backoff and the organisation's pause. AWS answers XML, which the kit's http client (JSON only)
// cannot read, so this sends with fetch and the kit's retry and pause pieces.
import { ownPauseGate, type PauseGate } from '../kit/pause-gate';
import { TransientFailure } from '../kit/provider-error';
import { type RetryPolicy, withRetries } from '../kit/retry';
import { AwsApiError, awsFailure } from './aws-api-error';

export type { RetryPolicy };

/** AWS sends no Retry-After; the SDKs try 3 times, from 500 ms apart for throttles. */
export const DEFAULT_RETRY: RetryPolicy = { attempts: 4, baseDelayMs: 500, maxDelayMs: 8_000 };

export type AwsRequest = { url: URL; init: RequestInit };

export type AwsHttp = {
  /**
   * The body of a 2xx answer as text; throws AwsApiError once retries run out. `build` is called
   * for each try, so every try is signed with its own time.
   */
  send(where: string, build: () => AwsRequest, signal?: AbortSignal): Promise<string>;
};

export function awsHttp(options: {
  timeoutMs: number;
  retry: RetryPolicy;
  gate?: PauseGate | undefined;
}): AwsHttp {
  const gate = options.gate ?? ownPauseGate();
  return {
    send(where, build, signal) {
      const attempt = async () => {
        await gate.ready(signal);
        const { url, init } = build();
        const timeout = AbortSignal.timeout(options.timeoutMs);
        let status: number;
        let text: string;
        try {
          const res = await fetch(url, {
            ...init,
            signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
          });
          status = res.status;
          text = await res.text();
        } catch (err) {
          if (signal?.aborted) throw signal.reason;
          const what = timeout.aborted
            ? `no answer within ${options.timeoutMs} ms`
            : 'could not reach AWS';
          throw new TransientFailure(
            new AwsApiError('unavailable', `${where}: ${what}`, null, null, null, { cause: err }),
          );
        }
        if (status >= 200 && status <= 299) return text;
        throw awsFailure(where, status, text);
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
