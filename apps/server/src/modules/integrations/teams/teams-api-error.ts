// What went wrong posting to a Teams workflow, reduced to what the product does about it
// (integrations-reference-2 §6.1–6.2). Workflows answer errors from the Logic Apps front end as
// `{ "error": { "code", "message" } }`; the legacy connector answers 200 even for many failures,
// with a text body naming the Teams endpoint's own status. Messages never carry the address.
import {
  CodedProviderError,
  type ProviderErrorKind,
  retryAfterMs,
  TransientFailure,
} from '../kit/provider-error';

export class TeamsApiError extends CodedProviderError {
  override readonly name = 'TeamsApiError';
}

/**
 * The legacy connector's failure at HTTP 200: "Webhook message delivery failed with error:
 * Microsoft Teams endpoint returned HTTP error 429 with ContextId …" (Microsoft's own sample looks
 * for the 429 text). The status it names; null for a success (`1`, or any other text).
 */
export function legacyFailureStatus(text: string): number | null {
  const named = /returned HTTP error (\d{3})/i.exec(text);
  if (named?.[1]) return Number(named[1]);
  return /delivery failed/i.test(text) ? 500 : null;
}

/** The Logic Apps error envelope's code and message, when the body is one. */
function logicAppsError(text: string): { code: string | null; message: string | null } {
  try {
    const parsed: unknown = JSON.parse(text);
    const error = (parsed as { error?: { code?: unknown; message?: unknown } } | null)?.error;
    return {
      code: typeof error?.code === 'string' ? error.code : null,
      message: typeof error?.message === 'string' ? error.message : null,
    };
  } catch {
    return { code: null, message: null };
  }
}

/**
 * What a status means for a post: 401/403/404/410 are an address that no longer works (the
 * workflow turned off or deleted, its signature changed); 429 and 5xx pass.
 */
function kindOf(status: number): ProviderErrorKind {
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'unavailable';
  if (status === 401 || status === 403 || status === 404 || status === 410) return 'invalid_token';
  return 'failed';
}

/**
 * A post's answer: null for a success (Workflows' 202, and 200/201; the connector's 200 `1`),
 * else the error to throw, or to retry (429 after its Retry-After, 5xx).
 */
export function teamsFailure(
  where: string,
  status: number,
  headers: Headers,
  text: string,
): TeamsApiError | TransientFailure<TeamsApiError> | null {
  let teamsStatus = status;
  let code: string | null = null;
  let detail: string | null = null;
  if (status >= 200 && status <= 299) {
    const named = legacyFailureStatus(text);
    if (named === null) return null;
    teamsStatus = named;
    detail = text.trim().slice(0, 200);
  } else {
    ({ code, message: detail } = logicAppsError(text));
  }
  const kind = kindOf(teamsStatus);
  const error = new TeamsApiError(
    kind,
    `${where}: ${code ?? `HTTP ${teamsStatus}`}${detail ? ` (${detail})` : ''}`,
    teamsStatus,
    code,
  );
  if (kind !== 'rate_limited' && kind !== 'unavailable') return error;
  // The connector sends no Retry-After: backoff alone (Microsoft suggests 10–15 s).
  return new TransientFailure(
    error,
    status === 429 ? retryAfterMs(headers.get('retry-after')) : null,
  );
}
