// Meta's error envelope (integrations-reference §3.6) and the errors the fake answers. The HTTP
// statuses Meta pairs with each code are unconfirmed (reference §7.11): 400 for most, 403 for
// permission codes, 500 for the transient codes 1 and 2.
import { randomBytes } from 'node:crypto';
import type { Answer } from '../kit/answers';
import { errorAnswer } from '../kit/errors';

export type MetaErrorFields = {
  message: string;
  type?: string;
  code: number;
  error_subcode?: number;
  error_user_title?: string;
  error_user_msg?: string;
  is_transient?: boolean;
};

const fbtraceId = () => randomBytes(8).toString('base64url').slice(0, 11);

export const statusOfCode = (code: number): number =>
  code === 1 || code === 2 ? 500 : code === 10 || (code >= 200 && code <= 299) ? 403 : 400;

export function metaError(fields: MetaErrorFields, status = statusOfCode(fields.code)): Answer {
  const { message, type, ...rest } = fields;
  return errorAnswer(status, {
    error: { message, type: type ?? 'OAuthException', ...rest, fbtrace_id: fbtraceId() },
  });
}

const TRANSIENT_MESSAGES: Record<number, string> = {
  1: 'An unknown error occurred',
  2: 'An unexpected error has occurred. Please retry your request later.',
  4: '(#4) Application request limit reached',
  17: '(#17) User request limit reached',
  32: '(#32) Page request limit reached',
  341: '(#341) Application limit reached',
  613: '(#613) Calls to this api have exceeded the rate limit.',
};

/** What failNext answers: Meta's usual words for the code, or a made-up message. */
export function failureFor(code: number): Answer {
  const known = TRANSIENT_MESSAGES[code];
  return metaError({
    message: known ?? `(#${code}) A failure the test asked for`,
    code,
    ...(known ? { is_transient: true } : {}),
  });
}

export const tokenRequired = () =>
  metaError({ message: 'An access token is required to request this resource.', code: 104 });

export const unknownToken = () =>
  metaError({ message: 'Invalid OAuth access token - Cannot parse access token', code: 190 });

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
const two = (n: number) => String(n).padStart(2, '0');

/** Meta's way of writing a time in error messages, e.g. "Tuesday, 02-Jun-26 10:00:00 UTC". */
export function metaTime(ms: number): string {
  const d = new Date(ms);
  return `${DAYS[d.getUTCDay()]}, ${two(d.getUTCDate())}-${MONTHS[d.getUTCMonth()]}-${two(
    d.getUTCFullYear() % 100,
  )} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} UTC`;
}

export const expiredMessage = (expiredAt: number, now = Date.now()) =>
  `Error validating access token: Session has expired on ${metaTime(expiredAt)}. The current time is ${metaTime(now)}.`;

export const REVOKED_MESSAGE =
  'Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.';

export const expiredToken = (expiredAt: number) =>
  metaError({ message: expiredMessage(expiredAt), code: 190, error_subcode: 463 });

export const revokedToken = () =>
  metaError({ message: REVOKED_MESSAGE, code: 190, error_subcode: 460 });

export const appNotAuthorized = (appId: string) =>
  metaError({
    message: `Error validating access token: The user has not authorized application ${appId}.`,
    code: 190,
    error_subcode: 458,
  });

export const badProof = () =>
  metaError({
    message: 'Invalid appsecret_proof provided in the API argument',
    type: 'GraphMethodException',
    code: 100,
  });

export const permissionMissing = (permission: string) =>
  metaError({
    message: `(#200) Requires ${permission} permission to manage the object`,
    code: 200,
  });

export const invalidParameter = (message: string, subcode?: number) =>
  metaError({
    message,
    code: 100,
    ...(subcode === undefined ? {} : { error_subcode: subcode }),
  });

/** An id the token cannot see, or a method a node does not have. */
export const unsupportedRequest = (method: string, id: string) =>
  metaError({
    message: `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    type: 'GraphMethodException',
    code: 100,
    error_subcode: 33,
  });

export const unknownPath = (path: string) =>
  metaError({ message: `Unknown path components: ${path}`, code: 2500 });
