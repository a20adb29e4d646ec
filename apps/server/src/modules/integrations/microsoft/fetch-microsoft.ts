import { MicrosoftApiError, TransientFailure } from './microsoft-api-error';

export type MicrosoftAnswer = { status: number; headers: Headers; body: unknown };

/**
 * One request with a timeout. No answer (network error, timeout) is a TransientFailure; the
 * caller's own abort is rethrown as it is. A body that is not JSON reads as null.
 */
export async function fetchMicrosoft(
  where: string,
  url: URL,
  init: RequestInit,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<MicrosoftAnswer> {
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
    const what = timeout.aborted ? `no answer within ${timeoutMs} ms` : 'could not reach Microsoft';
    throw new TransientFailure(
      new MicrosoftApiError('unavailable', `${where}: ${what}`, null, null, { cause: err }),
      null,
    );
  }
}
