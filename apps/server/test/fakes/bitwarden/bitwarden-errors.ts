// Bitwarden's error answers (integrations-reference-2 §3.2, §3.5): the Public API's
// ErrorResponseModel, IdentityServer's OAuth errors, the auth middleware's bare 401 and the rate
// limiter's 429.
import { type Answer, json } from '../kit/answers';

/** `{ object: "error", message, errors }`. */
export const apiError = (
  status: number,
  message: string,
  errors: Record<string, string[]> | null = null,
): Answer => json(status, { object: 'error', message, errors });

export const serverError = () => apiError(500, 'An unhandled server error has occurred.');

export const invalidModel = (errors: Record<string, string[]>) =>
  apiError(400, "The request's model state is invalid.", errors);

/** A controller's NotFound(): an empty body. */
export const bareNotFound = (): Answer => ({ status: 404, body: '' });

/**
 * The JWT bearer middleware's refusal: an empty body with `WWW-Authenticate` (shape assumed, the
 * reference marks it unconfirmed); a token that was sent is named invalid.
 */
export const bearerRefused = (tokenSent: boolean): Answer => ({
  status: 401,
  body: '',
  headers: { 'www-authenticate': tokenSent ? 'Bearer error="invalid_token"' : 'Bearer' },
});

/** IdentityServer's token endpoint error (shape assumed per the reference: `{"error": code}`). */
export const oauthError = (code: string): Answer => json(400, { error: code });

/**
 * The rate limiter's 429 (AspNetCoreRateLimit's plain-text quota message). Retry-After is assumed:
 * the reference marks its presence unconfirmed.
 */
export const quotaExceeded = (retryAfterSeconds: number, rule: string): Answer => ({
  status: 429,
  body: `API calls quota exceeded! maximum admitted ${rule}.`,
  headers: { 'retry-after': String(retryAfterSeconds) },
});

/** What failNext answers for `status`: Bitwarden's own answer of that kind. */
export function failureFor(status: number, retryAfterSeconds?: number): Answer {
  if (status === 429) return quotaExceeded(retryAfterSeconds ?? 1, '200 per 1m');
  if (status === 401) return bearerRefused(true);
  if (status === 403) return apiError(403, 'Invalid token.');
  if (status === 404) return apiError(404, 'Resource not found.');
  if (status >= 500) return apiError(status, 'An unhandled server error has occurred.');
  return apiError(status, 'A failure the test asked for.');
}
