// What went wrong talking to Microsoft, reduced to what the product does about it
// (integrations-reference §2.1, §2.9 and §5). Messages carry Microsoft's text, never a token.

import type { ApiAnswer } from '../kit/fetch-with-timeout';
import { fieldsOf, textOf } from '../kit/parse-answer';
import {
  ProviderError,
  type ProviderErrorKind,
  retryAfterMs,
  TransientFailure,
  Unauthenticated,
} from '../kit/provider-error';

export type MicrosoftApiErrorKind = ProviderErrorKind | 'license_missing';

export class MicrosoftApiError extends ProviderError<MicrosoftApiErrorKind> {
  override readonly name = 'MicrosoftApiError';
  constructor(
    kind: MicrosoftApiErrorKind,
    message: string,
    httpStatus: number | null,
    /** Graph's `error.code` or the token endpoint's `error`; null when there was none. */
    readonly code: string | null = null,
    options?: { cause?: unknown },
  ) {
    super(kind, message, httpStatus, options);
  }
}

/** The error of a non-2xx Graph answer: to throw, to retry, or to refresh the token for. */
export function graphFailure(
  where: string,
  status: number,
  body: unknown,
  headers: Headers,
): MicrosoftApiError | TransientFailure | Unauthenticated {
  const error = fieldsOf(fieldsOf(body).error);
  const code = textOf(error.code);
  const message = `${where}: ${code ?? `HTTP ${status}`}: ${textOf(error.message) ?? ''}`.trimEnd();
  const retryAfter = retryAfterMs(headers.get('retry-after'));
  if (status === 401) return new Unauthenticated(message);
  if (status === 429) {
    return new TransientFailure(
      new MicrosoftApiError('rate_limited', message, status, code),
      retryAfter,
    );
  }
  if (status >= 500) {
    return new TransientFailure(
      new MicrosoftApiError('unavailable', message, status, code),
      retryAfter,
    );
  }
  if (status === 403) {
    const kind =
      code === 'Authentication_RequestFromNonPremiumTenantOrB2CTenant'
        ? 'license_missing'
        : 'permission_missing';
    return new MicrosoftApiError(kind, message, status, code);
  }
  return new MicrosoftApiError('failed', message, status, code);
}

/** The error of a non-2xx answer of the token endpoint (`{error, error_description, …}`). */
export function tokenEndpointFailure(
  where: string,
  status: number,
  body: unknown,
  headers: Headers,
): MicrosoftApiError | TransientFailure {
  const fields = fieldsOf(body);
  const code = textOf(fields.error);
  // The description's first line holds the AADSTS code and text; trace lines follow.
  const description = textOf(fields.error_description)?.split(/\r?\n/)[0];
  const message = `${where}: ${code ?? `HTTP ${status}`}${description ? `: ${description}` : ''}`;
  const retryAfter = retryAfterMs(headers.get('retry-after'));
  if (status === 429) {
    return new TransientFailure(
      new MicrosoftApiError('rate_limited', message, status, code),
      retryAfter,
    );
  }
  if (status >= 500 || code === 'temporarily_unavailable') {
    return new TransientFailure(
      new MicrosoftApiError('unavailable', message, status, code),
      retryAfter,
    );
  }
  switch (code) {
    case 'invalid_grant':
    case 'interaction_required':
      return new MicrosoftApiError('invalid_token', message, status, code);
    case 'consent_required':
    case 'invalid_scope':
      return new MicrosoftApiError('permission_missing', message, status, code);
    default:
      // invalid_client (an expired secret, say), unauthorized_client, invalid_request: our set-up.
      return new MicrosoftApiError('failed', message, status, code);
  }
}

const ok = (status: number) => status >= 200 && status <= 299;

/** A Graph answer as the kit's client reads it: null for a success. */
export const graphAnswerFailure = (where: string, a: ApiAnswer) =>
  ok(a.status) ? null : graphFailure(where, a.status, a.body, a.headers);

/** A token endpoint's answer as the kit's client reads it: null for a success. */
export const tokenAnswerFailure = (where: string, a: ApiAnswer) =>
  ok(a.status) ? null : tokenEndpointFailure(where, a.status, a.body, a.headers);
