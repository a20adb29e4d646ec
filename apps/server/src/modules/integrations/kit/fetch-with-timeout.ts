/** An API's answer: its status, its headers and its body read as JSON. */
export type ApiAnswer = { status: number; headers: Headers; body: unknown };

/** How a request that had no answer fails: the API's name, and the error made of the message. */
export type NoAnswer = { site: string; failure: (message: string, cause: unknown) => unknown };

/**
 * One request with a timeout. No answer (network error, timeout) is thrown as `noAnswer.failure`
 * makes it; the caller's own abort is rethrown as it is. A body that is not JSON reads as null.
 */
export async function fetchWithTimeout(
  where: string,
  url: URL,
  init: RequestInit,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  noAnswer: NoAnswer,
): Promise<ApiAnswer> {
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
    const what = timeout.aborted
      ? `no answer within ${timeoutMs} ms`
      : `could not reach ${noAnswer.site}`;
    throw noAnswer.failure(`${where}: ${what}`, err);
  }
}
