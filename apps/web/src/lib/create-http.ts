import ky, { HTTPError, type KyInstance, type ResponsePromise, type RetryOptions } from 'ky';

export const INVALID_CONTENT_TYPE = 'Invalid content type. Expected application/json.';
export const SESSION_EXPIRED_LOGGING_OUT = 'Session expired. Logging out...';
export const SESSION_EXPIRED_LOG_IN_AGAIN = 'Session expired. Please log in again.';

export type HttpDeps = {
  prefixUrl: string;
  /** The path of the page the user is on. */
  currentPath: () => string;
  isProtectedPath: (path: string) => boolean;
  /** Told of a 401 on a protected page: shows the message and logs out. */
  onSessionExpired: (message: string) => void;
  /** Sends the user to the start page. */
  goHome: () => void;
};

/** An answer that breaks the client's rules; retrying would give the same answer. */
export class ApiRuleError extends Error {}

/** Marks a call whose 401 is an answer, not an expired session (the session check, the logout). */
export type HttpContext = { expectUnauthorized?: boolean; isLogout?: boolean };

/** Marks the no-content answer that stands for a 429, for the rare caller that tells them apart. */
const RATE_LIMITED = 'x-castellan-rate-limited';
export const wasRateLimited = (response: Response) => response.headers.has(RATE_LIMITED);

/** Whether ky will try this request again after a 429 (its own rules: limit, methods, codes). */
function kyRetries429(method: string, retry: RetryOptions, retryCount: number): boolean {
  return (
    retryCount < (retry.limit ?? 0) &&
    (retry.methods ?? []).includes(method.toLowerCase()) &&
    (retry.statusCodes ?? []).includes(429)
  );
}

/**
 * The JSON API client with the spec's rules. ky's defaults already are the spec's: 10 s timeout,
 * 2 retries of idempotent methods on 408/413/429/500/502/503/504, 0.3·2^(n-1) s apart. A 429
 * that ky will not retry (a POST, or the last attempt) is an answer without content (spec §8).
 */
export function createHttp(deps: HttpDeps): KyInstance {
  return ky.create({
    prefixUrl: deps.prefixUrl,
    headers: { 'content-type': 'application/json' },
    credentials: 'same-origin',
    // Keeps ky's default limit, methods and status codes; only our own rule errors are final.
    retry: { shouldRetry: ({ error }) => (error instanceof ApiRuleError ? false : undefined) },
    hooks: {
      afterResponse: [
        (request, options, response, { retryCount }) => {
          if (response.status === 429 && !kyRetries429(request.method, options.retry, retryCount)) {
            return new Response(null, { status: 204, headers: { [RATE_LIMITED]: '1' } });
          }
          const context = options.context as HttpContext;
          if (response.status === 401 && !context.expectUnauthorized) {
            const path = deps.currentPath();
            if (context.isLogout || path === '/') {
              if (path !== '/') deps.goHome();
              else throw new ApiRuleError(SESSION_EXPIRED_LOG_IN_AGAIN);
            } else if (deps.isProtectedPath(path)) {
              deps.onSessionExpired(SESSION_EXPIRED_LOGGING_OUT);
            }
          }
          // 204 and 429 carry no JSON; anything else must be JSON.
          if (response.status === 204 || response.status === 429) return response;
          if (!(response.headers.get('content-type') ?? '').includes('application/json')) {
            throw new ApiRuleError(INVALID_CONTENT_TYPE);
          }
          return response;
        },
      ],
      beforeError: [
        async (error) => {
          const body: unknown = await error.response
            .clone()
            .json()
            .catch(() => null);
          if (
            body &&
            typeof body === 'object' &&
            'error' in body &&
            typeof body.error === 'string'
          ) {
            error.message = body.error;
          }
          return error;
        },
      ],
    },
  });
}

/**
 * The body of a JSON answer, or undefined when the server answered without content (a 204, or a
 * 429 given up on): callers decide what "nothing new" means for them.
 */
export async function jsonOrNothing<T>(response: ResponsePromise): Promise<T | undefined> {
  const body = await response.json<T | ''>();
  return body === '' ? undefined : body;
}

/** What became of a DELETE: done, done before (404), or not done because the server was busy. */
export type DeleteOutcome = 'done' | 'already-gone' | 'busy';

/**
 * Sends a DELETE. It is retried like any idempotent call, so its first attempt may have done the
 * work and lost the answer: the 404 of the retry (or of a colleague who was quicker) is the
 * outcome asked for, not a failure.
 */
export async function deleteOutcome(response: ResponsePromise): Promise<DeleteOutcome> {
  try {
    // Only the 429 given up on is "busy": a removal may well answer 204 No Content.
    return wasRateLimited(await response) ? 'busy' : 'done';
  } catch (error) {
    if (httpStatus(error) === 404) return 'already-gone';
    throw error;
  }
}

export function httpStatus(error: unknown): number | undefined {
  return error instanceof HTTPError ? error.response.status : undefined;
}
