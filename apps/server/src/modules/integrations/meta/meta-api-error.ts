// What went wrong talking to Meta, reduced to what the product does about it
// (integrations-reference §3.6 and §5). Messages carry Meta's own text, never a token.

export type MetaApiErrorKind =
  | 'invalid_token'
  | 'permission_missing'
  | 'rate_limited'
  | 'unavailable'
  | 'failed';

export type MetaErrorDetails = {
  /** Meta's HTTP status; null when no answer came (network error, timeout) or none was sent. */
  httpStatus: number | null;
  code?: number | null;
  subcode?: number | null;
  /** Meta's own words for a person: error_user_msg, else message. */
  metaMessage?: string | null;
  cause?: unknown;
};

export class MetaApiError extends Error {
  override readonly name = 'MetaApiError';
  readonly httpStatus: number | null;
  readonly code: number | null;
  readonly subcode: number | null;
  readonly metaMessage: string | null;

  constructor(
    readonly kind: MetaApiErrorKind,
    message: string,
    details: MetaErrorDetails,
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.httpStatus = details.httpStatus;
    this.code = details.code ?? null;
    this.subcode = details.subcode ?? null;
    this.metaMessage = details.metaMessage ?? null;
  }
}

/**
 * A failure worth asking again for (rate limits, transient errors, 5xx, no answer). Internal to
 * the client: callers only ever see the MetaApiError once retries run out.
 */
export class TransientFailure extends Error {
  constructor(readonly error: MetaApiError) {
    super(error.message);
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
): MetaApiError | TransientFailure {
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
