import { GoogleApiError, TransientFailure } from './google-api-error';

export type GoogleAnswer = { status: number; headers: Headers; body: unknown };

/**
 * One request with a timeout. No answer (network error, timeout) is a TransientFailure; the
 * caller's own abort is rethrown as it is. A body that is not JSON reads as null.
 */
export async function fetchGoogle(
  where: string,
  url: URL,
  init: RequestInit,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<GoogleAnswer> {
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    const res = await fetch(url, {
      ...init,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    const text = await res.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // an HTML error page from a proxy, say
    }
    return { status: res.status, headers: res.headers, body };
  } catch (err) {
    if (signal?.aborted) throw signal.reason;
    const what = timeout.aborted ? `no answer within ${timeoutMs} ms` : 'could not reach Google';
    throw new TransientFailure(
      new GoogleApiError('unavailable', `${where}: ${what}`, null, { cause: err }),
      null,
    );
  }
}
