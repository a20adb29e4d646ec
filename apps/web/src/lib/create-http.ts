import ky, { HTTPError, type KyInstance } from 'ky';

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

/**
 * The JSON API client with the spec's rules. ky's defaults already are the spec's: 10 s timeout,
 * 2 retries of idempotent methods on 408/413/429/500/502/503/504, 0.3·2^(n-1) s apart.
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
        (_request, options, response) => {
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

export function httpStatus(error: unknown): number | undefined {
  return error instanceof HTTPError ? error.response.status : undefined;
}
