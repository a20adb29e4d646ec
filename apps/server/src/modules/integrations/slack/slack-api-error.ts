// What went wrong talking to Slack, reduced to what the product does about it
// (integrations-reference-2 §5.4). Slack answers most errors with HTTP 200 and `ok: false`;
// messages carry Slack's error code, never a token or a webhook URL.
import type { ApiAnswer } from '../kit/fetch-with-timeout';
import { fieldsOf, textOf } from '../kit/parse-answer';
import {
  CodedProviderError,
  type ProviderErrorKind,
  retryAfterMs,
  TransientFailure,
} from '../kit/provider-error';

export class SlackApiError extends CodedProviderError {
  override readonly name = 'SlackApiError';
}

/** The grant no longer works: revoked, uninstalled, expired (token rotation) or deactivated. */
const TOKEN_ERRORS = new Set([
  'invalid_auth',
  'not_authed',
  'token_revoked',
  'account_inactive',
  'token_expired',
]);

function kindOf(code: string): ProviderErrorKind {
  if (TOKEN_ERRORS.has(code)) return 'invalid_token';
  if (code === 'missing_scope') return 'permission_missing';
  return 'failed';
}

/**
 * A Web API answer as the kit's client reads it: null for `ok: true`. 429 (or `ratelimited`) is
 * asked again after its Retry-After, 5xx after a backoff; `ok: false` is Slack's error code.
 */
export function slackAnswerFailure(where: string, { status, body, headers }: ApiAnswer) {
  const fields = fieldsOf(body);
  const code = textOf(fields.error);
  if (status === 429 || code === 'ratelimited') {
    return new TransientFailure(
      new SlackApiError('rate_limited', `${where}: ratelimited`, status, 'ratelimited'),
      retryAfterMs(headers.get('retry-after')),
    );
  }
  if (status >= 500) {
    return new TransientFailure(
      new SlackApiError('unavailable', `${where}: HTTP ${status}`, status, code),
    );
  }
  if (status === 200 && fields.ok === true) return null;
  if (status !== 200 || code === null) {
    return new SlackApiError('failed', `${where}: unexpected answer (HTTP ${status})`, status);
  }
  return new SlackApiError(kindOf(code), `${where}: ${code}`, status, code);
}

/**
 * An incoming webhook's answer: `ok` as text on success. Its errors are text too
 * (`channel_not_found`, `no_service`…, [MEM]), so only the status is read.
 */
export function webhookAnswerFailure(where: string, { status, headers }: ApiAnswer) {
  if (status === 200) return null;
  if (status === 429) {
    return new TransientFailure(
      new SlackApiError('rate_limited', `${where}: HTTP 429`, status, 'ratelimited'),
      retryAfterMs(headers.get('retry-after')),
    );
  }
  if (status >= 500) {
    return new TransientFailure(
      new SlackApiError('unavailable', `${where}: HTTP ${status}`, status),
    );
  }
  return new SlackApiError('failed', `${where}: HTTP ${status}`, status);
}
