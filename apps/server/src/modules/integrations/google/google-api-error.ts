// What went wrong talking to Google, reduced to what the product does about it
// (integrations-reference §1.8 and §5). Messages carry Google's own text, never a token.

import type { ApiAnswer } from '../kit/fetch-with-timeout';
import {
  ProviderError,
  type ProviderErrorKind,
  retryAfterMs,
  TransientFailure,
  Unauthenticated,
} from '../kit/provider-error';

export type GoogleApiErrorKind = ProviderErrorKind;

export class GoogleApiError extends ProviderError<GoogleApiErrorKind> {
  override readonly name = 'GoogleApiError';
}

type ErrorBody = {
  code?: unknown;
  message?: unknown;
  status?: unknown;
  errors?: { reason?: unknown }[];
  details?: { reason?: unknown }[];
};

function errorBodyOf(body: unknown): ErrorBody {
  if (typeof body !== 'object' || body === null || !('error' in body)) return {};
  const error = (body as { error: unknown }).error;
  return typeof error === 'object' && error !== null ? (error as ErrorBody) : {};
}

const RATE_LIMIT_REASONS = new Set([
  'rateLimitExceeded',
  'userRateLimitExceeded',
  'quotaExceeded',
  'RATE_LIMIT_EXCEEDED',
]);
const NOT_ENABLED_REASONS = new Set(['accessNotConfigured', 'SERVICE_DISABLED']);

/**
 * The error of a non-2xx API answer: a GoogleApiError to throw, a TransientFailure to retry, or
 * Unauthenticated to refresh the token for.
 */
export function apiFailure(
  where: string,
  status: number,
  body: unknown,
  headers: Headers,
): GoogleApiError | TransientFailure | Unauthenticated {
  const error = errorBodyOf(body);
  const message = typeof error.message === 'string' ? error.message : `HTTP ${status}`;
  const reasons = new Set(
    [...(error.errors ?? []), ...(error.details ?? [])]
      .map((e) => e?.reason)
      .filter((r): r is string => typeof r === 'string'),
  );
  const text = `${where}: ${message}`;
  const retryAfter = retryAfterMs(headers.get('retry-after'));
  const rateLimited = () =>
    new TransientFailure(new GoogleApiError('rate_limited', text, status), retryAfter);

  if (status === 401) {
    // The Reports API answers a non-administrator with a 401 whose reason is authError too;
    // only its message tells it apart from a bad token.
    if (/not authorized|access denied/i.test(message)) {
      return new GoogleApiError('permission_missing', text, status);
    }
    return new Unauthenticated(text);
  }
  if (status === 429) return rateLimited();
  if (status >= 500) {
    return new TransientFailure(new GoogleApiError('unavailable', text, status), retryAfter);
  }
  if (status === 403) {
    if ([...reasons].some((r) => RATE_LIMIT_REASONS.has(r))) return rateLimited();
    // The product's Google Cloud project lacks the API: nothing the customer can fix.
    if ([...reasons].some((r) => NOT_ENABLED_REASONS.has(r))) {
      return new GoogleApiError('failed', text, status);
    }
    // insufficientPermissions / insufficient_scope, forbidden (not an admin), PERMISSION_DENIED.
    return new GoogleApiError('permission_missing', text, status);
  }
  return new GoogleApiError('failed', text, status);
}

/** The error of a non-2xx answer of the token or revoke endpoint (`{error, error_description}`). */
export function tokenEndpointFailure(
  where: string,
  status: number,
  body: unknown,
  headers: Headers,
): GoogleApiError | TransientFailure {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const code = typeof fields.error === 'string' ? fields.error : `HTTP ${status}`;
  const description =
    typeof fields.error_description === 'string' ? `: ${fields.error_description}` : '';
  const text = `${where}: ${code}${description}`;
  const retryAfter = retryAfterMs(headers.get('retry-after'));
  if (status === 429) {
    return new TransientFailure(new GoogleApiError('rate_limited', text, status), retryAfter);
  }
  if (status >= 500) {
    return new TransientFailure(new GoogleApiError('unavailable', text, status), retryAfter);
  }
  if (code === 'invalid_grant' || code === 'invalid_token') {
    return new GoogleApiError('invalid_token', text, status);
  }
  if (code === 'access_denied' || code === 'invalid_scope') {
    return new GoogleApiError('permission_missing', text, status);
  }
  // invalid_client, unauthorized_client, invalid_request, redirect_uri_mismatch: our set-up.
  return new GoogleApiError('failed', text, status);
}

const ok = (status: number) => status >= 200 && status <= 299;

/** An API answer as the kit's client reads it: null for a success. */
export const apiAnswerFailure = (where: string, a: ApiAnswer) =>
  ok(a.status) ? null : apiFailure(where, a.status, a.body, a.headers);

/** A token or revoke endpoint's answer as the kit's client reads it: null for a success. */
export const tokenAnswerFailure = (where: string, a: ApiAnswer) =>
  ok(a.status) ? null : tokenEndpointFailure(where, a.status, a.body, a.headers);
