import { graphFailure, MetaApiError, TransientFailure } from './meta-api-error';

/**
 * One request with a timeout, answering the parsed JSON of a 2xx answer. A Graph error becomes
 * a MetaApiError or TransientFailure; no answer (network error, timeout) is a TransientFailure;
 * the caller's own abort is rethrown as it is. A body that is not JSON reads as null.
 */
export async function fetchMeta(
  where: string,
  url: URL,
  init: RequestInit,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<unknown> {
  const timeout = AbortSignal.timeout(timeoutMs);
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
    const what = timeout.aborted ? `no answer within ${timeoutMs} ms` : 'could not reach Meta';
    throw new TransientFailure(
      new MetaApiError('unavailable', `${where}: ${what}`, { httpStatus: null, cause: err }),
    );
  }
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // an HTML error page from a proxy, say
  }
  // An error envelope is an error whatever the status it came with.
  const isError = typeof body === 'object' && body !== null && 'error' in body;
  if (status >= 200 && status <= 299 && !isError) return body;
  throw graphFailure(where, status, body);
}
