// The identity platform's OAuth error body (integrations-reference §2.1).
import { randomUUID } from 'node:crypto';
import type { Answer } from '../kit/answers';
import { errorAnswer } from '../kit/errors';

/** `2016-01-09 02:02:12Z`, the form the token endpoint's timestamps take. */
export const aadTimestamp = (at = new Date()) =>
  `${at.toISOString().slice(0, 19).replace('T', ' ')}Z`;

/** `code` is the AADSTS number; `message` Microsoft's text after it. */
export function oauthError(status: number, error: string, code: number, message: string): Answer {
  const traceId = randomUUID();
  const correlationId = randomUUID();
  const timestamp = aadTimestamp();
  return errorAnswer(status, {
    error,
    error_description: `AADSTS${code}: ${message}\r\nTrace ID: ${traceId}\r\nCorrelation ID: ${correlationId}\r\nTimestamp: ${timestamp}`,
    error_codes: [code],
    timestamp,
    trace_id: traceId,
    correlation_id: correlationId,
    error_uri: `https://login.microsoftonline.com/error?code=${code}`,
  });
}

export const missingParameter = (name: string) =>
  oauthError(
    400,
    'invalid_request',
    900144,
    `The request body must contain the following parameter: '${name}'.`,
  );
