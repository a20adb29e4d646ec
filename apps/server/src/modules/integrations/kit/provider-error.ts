// What went wrong talking to a provider, reduced to what the product does about it. Each
// provider's error class extends ProviderError with its own details (Graph's code, Meta's
// subcode); messages carry the provider's own text, never a token.

/** The kinds every provider's failures come down to; a provider may add its own (Microsoft's licence). */
export type ProviderErrorKind =
  | 'invalid_token'
  | 'permission_missing'
  | 'rate_limited'
  | 'unavailable'
  | 'failed';

export class ProviderError<K extends string = ProviderErrorKind> extends Error {
  constructor(
    readonly kind: K,
    message: string,
    /** The provider's HTTP status; null when no answer came (network error, timeout). */
    readonly httpStatus: number | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * A provider's error that carries the provider's own code (Bitwarden's `invalid_client`, Slack's
 * `channel_not_found`, a Logic Apps error code); each such provider names its subclass.
 */
export class CodedProviderError extends ProviderError<ProviderErrorKind> {
  constructor(
    kind: ProviderErrorKind,
    message: string,
    httpStatus: number | null,
    /** The provider's own error code; null when it gave none. */
    readonly code: string | null = null,
    options?: { cause?: unknown },
  ) {
    super(kind, message, httpStatus, options);
  }
}

/**
 * An answer worth asking again for (429, 5xx, no answer), with the provider's Retry-After when
 * it sent one. Internal to the clients: callers only see the ProviderError once retries run out.
 */
export class TransientFailure<
  E extends ProviderError<string> = ProviderError<string>,
> extends Error {
  constructor(
    readonly error: E,
    readonly retryAfterMs: number | null = null,
  ) {
    super(error.message);
  }
}

/** A 401 about the access token itself: worth one refresh before it means invalid_token. */
export class Unauthenticated extends Error {}

/** Retry-After in ms (delta-seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

const SYNC_KINDS = new Set<string>([
  'invalid_token',
  'permission_missing',
  'rate_limited',
  'unavailable',
  'failed',
]);

/**
 * How a sync tells a provider's failure apart: its kind, a kind of the provider's own counting
 * as `failed`; null for anything that is not a provider's error (a bug, a dropped database).
 */
export function failureKindOf(err: unknown): ProviderErrorKind | null {
  if (!(err instanceof ProviderError)) return null;
  return SYNC_KINDS.has(err.kind) ? (err.kind as ProviderErrorKind) : 'failed';
}
