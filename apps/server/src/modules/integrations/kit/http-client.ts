// The one way the provider clients call their APIs: a timeout per request, retries with
// backoff and Retry-After, and the provider's pause for the organisation (pause-gate.ts).
import { type ApiAnswer, fetchWithTimeout } from './fetch-with-timeout';
import type { PauseGate } from './pause-gate';
import { ProviderError, TransientFailure, type Unauthenticated } from './provider-error';
import { type RetryAfterPolicy, type RetryPolicy, withRetries } from './retry';

/** How a provider reads an answer: null for a success, else the error to throw or retry. */
export type FailureOf = (
  where: string,
  answer: ApiAnswer,
) => ProviderError<string> | TransientFailure | Unauthenticated | null;

export type HttpClientOptions = {
  /** The provider's name in messages: "could not reach Google". */
  site: string;
  /** The provider's error for a request without an answer (network error, timeout). */
  unavailable: (message: string, cause: unknown) => ProviderError<string>;
  timeoutMs: number;
  retry: RetryPolicy & Partial<Pick<RetryAfterPolicy, 'maxRetryAfterMs'>>;
  /**
   * How a Retry-After is waited for: 'at-least' waits for the backoff when that is longer,
   * 'exactly' waits for the Retry-After alone.
   */
  retryAfter: 'at-least' | 'exactly';
  gate: PauseGate;
};

export type HttpClient = {
  /** The body of a successful answer; throws the provider's error once retries run out. */
  send(
    where: string,
    url: URL,
    init: RequestInit,
    failureOf: FailureOf,
    options?: { signal?: AbortSignal | undefined; retry?: Partial<RetryPolicy> },
  ): Promise<unknown>;
  readonly options: HttpClientOptions;
};

export function httpClient(options: HttpClientOptions): HttpClient {
  const noAnswer = {
    site: options.site,
    failure: (message: string, cause: unknown) =>
      new TransientFailure(options.unavailable(message, cause)),
  };
  return {
    options,
    send(where, url, init, failureOf, { signal, retry } = {}) {
      const attempt = async () => {
        await options.gate.ready(signal);
        const answer = await fetchWithTimeout(
          where,
          url,
          init,
          options.timeoutMs,
          signal,
          noAnswer,
        );
        const failure = failureOf(where, answer);
        if (!failure) return answer.body;
        if (failure instanceof TransientFailure && failure.retryAfterMs !== null) {
          options.gate.pause(failure.retryAfterMs);
        }
        throw failure;
      };
      return withRetries(
        attempt,
        { ...options.retry, ...retry },
        {
          transient: (err) => (err instanceof TransientFailure ? err : null),
          retryAfter: options.retryAfter,
        },
        signal,
      );
    },
  };
}

/** Whether `err` is the provider's error of one of `kinds`. */
export const isProviderError = (err: unknown, ...kinds: string[]): err is ProviderError<string> =>
  err instanceof ProviderError && (kinds.length === 0 || kinds.includes(err.kind));
