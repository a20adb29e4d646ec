// Graph's error envelope and the answers the fake gives with it (integrations-reference §2.9).
import { randomUUID } from 'node:crypto';
import type { Answer } from '../kit/answers';
import { type ErrorOptions, errorAnswer } from '../kit/errors';

/** Graph's innerError date: ISO 8601 to the second, without a zone. */
const graphDate = () => new Date().toISOString().slice(0, 19);

export function graphError(
  status: number,
  code: string,
  message: string,
  options?: ErrorOptions,
): Answer {
  const requestId = randomUUID();
  const innerError = { date: graphDate(), 'request-id': requestId, 'client-request-id': requestId };
  return errorAnswer(status, { error: { code, message, innerError } }, options);
}

export const invalidToken = (message = 'Access token has expired or is not yet valid.') =>
  graphError(401, 'InvalidAuthenticationToken', message, {
    headers: {
      'www-authenticate':
        'Bearer realm="", authorization_uri="https://login.microsoftonline.com/common/oauth2/authorize", client_id="00000003-0000-0000-c000-000000000000"',
    },
  });

export const requestDenied = () =>
  graphError(
    403,
    'Authorization_RequestDenied',
    'Insufficient privileges to complete the operation.',
  );

export const nonPremium = () =>
  graphError(
    403,
    'Authentication_RequestFromNonPremiumTenantOrB2CTenant',
    "Neither tenant is B2C or tenant doesn't have premium license",
  );

export const badRequest = (message: string, code = 'BadRequest') => graphError(400, code, message);

export const notFound = (path: string) =>
  graphError(404, 'Request_ResourceNotFound', `Resource '${path}' does not exist.`);

export function throttled(status: number, retryAfterSeconds?: number): Answer {
  if (status === 429) {
    return graphError(429, 'TooManyRequests', 'Too many requests, retry later.', {
      retryAfterSeconds,
    });
  }
  const [code, message] =
    status === 503
      ? ['serviceNotAvailable', 'The service is temporarily unavailable.']
      : status === 504
        ? ['UnknownError', 'The gateway timed out.']
        : ['generalException', 'An unexpected error occurred.'];
  return graphError(status, code, message, { retryAfterSeconds });
}
