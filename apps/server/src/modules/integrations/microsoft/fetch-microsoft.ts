import { type ApiAnswer, fetchWithTimeout, type NoAnswer } from '../fetch-with-timeout';
import { MicrosoftApiError, TransientFailure } from './microsoft-api-error';

export type MicrosoftAnswer = ApiAnswer;

const NO_ANSWER: NoAnswer = {
  site: 'Microsoft',
  failure: (message, cause) =>
    new TransientFailure(
      new MicrosoftApiError('unavailable', message, null, null, { cause }),
      null,
    ),
};

/** One request with a timeout (see fetchWithTimeout); no answer is a TransientFailure. */
export function fetchMicrosoft(
  where: string,
  url: URL,
  init: RequestInit,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<MicrosoftAnswer> {
  return fetchWithTimeout(where, url, init, timeoutMs, signal, NO_ANSWER);
}
