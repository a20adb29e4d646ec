// What went wrong talking to Bitwarden, reduced to what the product does about it
// (integrations-reference-2 §3.2 and §3.5). Messages carry Bitwarden's text, never a key or token.
import type { ApiAnswer } from '../kit/fetch-with-timeout';
import { fieldsOf, textOf } from '../kit/parse-answer';
import {
  CodedProviderError,
  retryAfterMs,
  TransientFailure,
  Unauthenticated,
} from '../kit/provider-error';

export class BitwardenApiError extends CodedProviderError {
  override readonly name = 'BitwardenApiError';
}

/** Bitwarden's text, where it gave one (an empty message counts as none). */
const text = (v: unknown) => textOf(v) || null;
const ok = (status: number) => status >= 200 && status <= 299;

/** 429 and 5xx are asked again, after the Retry-After when Bitwarden sends one (unconfirmed). */
function transient(
  where: string,
  status: number,
  headers: Headers,
  message: string,
  code: string | null = null,
): TransientFailure<BitwardenApiError> | null {
  if (status !== 429 && status < 500) return null;
  const kind = status === 429 ? 'rate_limited' : 'unavailable';
  return new TransientFailure(
    new BitwardenApiError(kind, `${where}: ${message}`, status, code),
    retryAfterMs(headers.get('retry-after')),
  );
}

/**
 * The token endpoint's answer as the kit's client reads it: null for a success. IdentityServer's
 * `{"error":"invalid_client"}` (a wrong or deleted key, or an organisation without API access) is
 * invalid_token; other OAuth errors are Castellan's own request going wrong.
 */
export function tokenAnswerFailure(where: string, { status, body, headers }: ApiAnswer) {
  if (ok(status)) return null;
  const code = text(fieldsOf(body).error);
  const message = code ?? `HTTP ${status}`;
  const retry = transient(where, status, headers, message, code);
  if (retry) return retry;
  const kind = code === 'invalid_client' || code === 'invalid_grant' ? 'invalid_token' : 'failed';
  return new BitwardenApiError(kind, `${where}: ${message}`, status, code);
}

/**
 * A Public API answer as the kit's client reads it: null for a success. A 401 is worth one new
 * token (Unauthenticated); a 403 means the organisation may no longer use the API.
 */
export function apiAnswerFailure(where: string, { status, body, headers }: ApiAnswer) {
  if (ok(status)) return null;
  const message = text(fieldsOf(body).message) ?? `HTTP ${status}`;
  if (status === 401) return new Unauthenticated(`${where}: ${message}`);
  const retry = transient(where, status, headers, message);
  if (retry) return retry;
  const kind = status === 403 ? 'permission_missing' : 'failed';
  return new BitwardenApiError(kind, `${where}: ${message}`, status);
}
