// What went wrong talking to Meta, reduced to what the product does about it
// (integrations-reference §3.6 and §5). Messages carry Meta's own text, never a token.

import type { ApiAnswer } from '../kit/fetch-with-timeout';
import { ProviderError, type ProviderErrorKind, TransientFailure } from '../kit/provider-error';

export { TransientFailure };

export type MetaApiErrorKind = ProviderErrorKind;

export type MetaErrorDetails = {
  /** Meta's HTTP status; null when no answer came (network error, timeout) or none was sent. */
  httpStatus: number | null;
  code?: number | null;
  subcode?: number | null;
  /** Meta's own words for a person: error_user_msg, else message. */
  metaMessage?: string | null;
  cause?: unknown;
};

export class MetaApiError extends ProviderError<MetaApiErrorKind> {
  override readonly name = 'MetaApiError';
  readonly code: number | null;
  readonly subcode: number | null;
  readonly metaMessage: string | null;

  constructor(kind: MetaApiErrorKind, message: string, details: MetaErrorDetails) {
    super(
      kind,
      message,
      details.httpStatus,
      details.cause === undefined ? undefined : { cause: details.cause },
    );
    this.code = details.code ?? null;
    this.subcode = details.subcode ?? null;
    this.metaMessage = details.metaMessage ?? null;
  }
}

type GraphErrorBody = {
  message?: unknown;
  code?: unknown;
  error_subcode?: unknown;
  error_user_msg?: unknown;
};

function graphErrorOf(body: unknown): GraphErrorBody {
  if (typeof body !== 'object' || body === null || !('error' in body)) return {};
  const error = (body as { error: unknown }).error;
  return typeof error === 'object' && error !== null ? (error as GraphErrorBody) : {};
}

const intOrNull = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);
const textOrNull = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

const RATE_LIMIT_CODES = new Set([4, 17, 32, 613, 341]);
const PERMISSION_CODES = new Set([3, 10]);

/** The product's reading of a Graph error code; null when the code says nothing we act on. */
function kindOfCode(code: number, message: string): MetaApiErrorKind | null {
  if (code === 190 || code === 102) return 'invalid_token';
  if (PERMISSION_CODES.has(code) || (code >= 200 && code <= 299)) return 'permission_missing';
  if (RATE_LIMIT_CODES.has(code)) return 'rate_limited';
  if (code === 1 || code === 2) return 'unavailable';
  // "(#100) ... cannot be loaded due to missing permissions" (an object the token may not see).
  if (code === 100) return /missing permission/i.test(message) ? 'permission_missing' : 'failed';
  return null;
}

/**
 * The error of a Graph answer that is not a success: a MetaApiError to throw, or a
 * TransientFailure to retry (rate limits, codes 1 and 2, 5xx).
 */
export function graphFailure(
  where: string,
  status: number,
  body: unknown,
): MetaApiError | TransientFailure<MetaApiError> {
  const error = graphErrorOf(body);
  const code = intOrNull(error.code);
  const message = textOrNull(error.message);
  const metaMessage = textOrNull(error.error_user_msg) ?? message;
  const kind =
    (code === null ? null : kindOfCode(code, message ?? '')) ??
    (status === 429 ? 'rate_limited' : status >= 500 ? 'unavailable' : 'failed');
  const failure = new MetaApiError(kind, `${where}: ${message ?? `HTTP ${status}`}`, {
    httpStatus: status,
    code,
    subcode: intOrNull(error.error_subcode),
    metaMessage,
  });
  return kind === 'rate_limited' || kind === 'unavailable'
    ? new TransientFailure(failure)
    : failure;
}

/**
 * A Graph answer as the kit's client reads it: null for a success. An error envelope is an
 * error whatever the status it came with.
 */
export function metaAnswerFailure(where: string, { status, body }: ApiAnswer) {
  const isError = typeof body === 'object' && body !== null && 'error' in body;
  if (status >= 200 && status <= 299 && !isError) return null;
  return graphFailure(where, status, body);
}
