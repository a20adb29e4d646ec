import { fetchWithTimeout, type NoAnswer } from '../fetch-with-timeout';
import { graphFailure, MetaApiError, TransientFailure } from './meta-api-error';

const NO_ANSWER: NoAnswer = {
  site: 'Meta',
  failure: (message, cause) =>
    new TransientFailure(new MetaApiError('unavailable', message, { httpStatus: null, cause })),
};

/**
 * One request with a timeout (see fetchWithTimeout), answering the parsed JSON of a 2xx answer.
 * A Graph error becomes a MetaApiError or TransientFailure; no answer is a TransientFailure.
 */
export async function fetchMeta(
  where: string,
  url: URL,
  init: RequestInit,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<unknown> {
  const { status, body } = await fetchWithTimeout(where, url, init, timeoutMs, signal, NO_ANSWER);
  // An error envelope is an error whatever the status it came with.
  const isError = typeof body === 'object' && body !== null && 'error' in body;
  if (status >= 200 && status <= 299 && !isError) return body;
  throw graphFailure(where, status, body);
}
