// What went wrong talking to AWS, reduced to what the product does about it (integrations-reference-2
// §4.3, §4.7, §4.8). Query and REST-XML services answer an XML `ErrorResponse` (S3 a bare `Error`),
// JSON 1.1 services `{ "__type", "message" }`. Messages carry AWS's own text, never a key.
import { ProviderError, type ProviderErrorKind, TransientFailure } from '../kit/provider-error';
import { parseXml, textAt, XmlError } from './xml';

export class AwsApiError extends ProviderError<ProviderErrorKind> {
  override readonly name = 'AwsApiError';

  constructor(
    kind: ProviderErrorKind,
    message: string,
    httpStatus: number | null,
    /** AWS's error code (`AccessDenied`, `ReportInProgress`…); null when none came. */
    readonly code: string | null = null,
    /** AWS's own words. */
    readonly awsMessage: string | null = null,
    options?: { cause?: unknown },
  ) {
    super(kind, message, httpStatus, options);
  }
}

const INVALID_KEY = new Set([
  'InvalidClientTokenId',
  'SignatureDoesNotMatch',
  'ExpiredToken',
  'ExpiredTokenException',
  'UnrecognizedClientException',
  'InvalidSignatureException',
  // S3's words for an unknown key and a bad session token.
  'InvalidAccessKeyId',
  'InvalidToken',
]);
const DENIED = new Set(['AccessDenied', 'AccessDeniedException', 'UnauthorizedOperation']);
const THROTTLED = new Set([
  'Throttling',
  'ThrottlingException',
  'ThrottledException',
  'RequestThrottledException',
  'TooManyRequestsException',
  'ProvisionedThroughputExceededException',
  'TransactionInProgressException',
  'RequestLimitExceeded',
  'BandwidthLimitExceeded',
  'LimitExceededException',
  'RequestThrottled',
  'SlowDown',
  'PriorRequestNotComplete',
  'EC2ThrottledException',
]);
const TRANSIENT = new Set(['RequestTimeout', 'RequestTimeoutException', 'ServiceUnavailable']);

/** The error code and message of an error answer's body, whichever protocol it came in. */
export function errorOf(body: string): { code: string | null; message: string | null } {
  const trimmed = body.trim();
  if (trimmed.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (typeof parsed !== 'object' || parsed === null) return { code: null, message: null };
      const { __type: type, message, Message } = parsed as Record<string, unknown>;
      const text = typeof message === 'string' ? message : Message;
      return {
        // `com.amazonaws.cloudtrail.v20131101#TrailNotFoundException` → the part after `#`.
        code:
          typeof type === 'string' ? (type.split('#').pop() ?? type).split(':')[0] || null : null,
        message: typeof text === 'string' ? text : null,
      };
    } catch {
      return { code: null, message: null };
    }
  }
  if (!trimmed.startsWith('<')) return { code: null, message: null };
  try {
    const root = parseXml(trimmed);
    const error = root.name === 'Error' ? root : root.children.find((c) => c.name === 'Error');
    return { code: textAt(error, 'Code') || null, message: textAt(error, 'Message') || null };
  } catch (err) {
    if (err instanceof XmlError) return { code: null, message: null };
    throw err;
  }
}

function kindOf(status: number, code: string | null): ProviderErrorKind {
  if (code && INVALID_KEY.has(code)) return 'invalid_token';
  if (code && DENIED.has(code)) return 'permission_missing';
  if ((code && THROTTLED.has(code)) || status === 429) return 'rate_limited';
  if ((code && TRANSIENT.has(code)) || status >= 500) return 'unavailable';
  return 'failed';
}

/** The error of an answer that is not a success: thrown as it is, or retried (throttles, 5xx). */
export function awsFailure(
  where: string,
  status: number,
  body: string,
): AwsApiError | TransientFailure<AwsApiError> {
  const { code, message } = errorOf(body);
  const kind = kindOf(status, code);
  const error = new AwsApiError(
    kind,
    `${where}: ${code ?? `HTTP ${status}`}${message ? ` (${message})` : ''}`,
    status,
    code,
    message,
  );
  return kind === 'rate_limited' || kind === 'unavailable' ? new TransientFailure(error) : error;
}

/** Whether `err` is AWS's error with one of these codes. */
export const isAwsCode = (err: unknown, ...codes: string[]): err is AwsApiError =>
  err instanceof AwsApiError && err.code !== null && codes.includes(err.code);
