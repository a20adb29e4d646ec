import { type ApiAnswer, fetchWithTimeout, type NoAnswer } from '../fetch-with-timeout';
import { GoogleApiError, TransientFailure } from './google-api-error';

export type GoogleAnswer = ApiAnswer;

const NO_ANSWER: NoAnswer = {
  site: 'Google',
  failure: (message, cause) =>
    new TransientFailure(new GoogleApiError('unavailable', message, null, { cause }), null),
};

/** One request with a timeout (see fetchWithTimeout); no answer is a TransientFailure. */
export function fetchGoogle(
  where: string,
  url: URL,
  init: RequestInit,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<GoogleAnswer> {
  return fetchWithTimeout(where, url, init, timeoutMs, signal, NO_ANSWER);
}
