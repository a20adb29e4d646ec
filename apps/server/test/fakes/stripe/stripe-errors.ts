// Stripe's error envelope (integrations-reference §4.6) and the errors the fake answers with.
import type { Answer } from '../kit/answers';
import { errorAnswer } from '../kit/errors';

type StripeErrorFields = { type: string; message: string; code?: string; param?: string };

export const stripeError = (status: number, error: StripeErrorFields): Answer =>
  errorAnswer(status, {
    error: {
      ...error,
      ...(error.code
        ? { doc_url: `https://stripe.com/docs/error-codes/${error.code.replace(/_/g, '-')}` }
        : {}),
      request_log_url: 'https://dashboard.stripe.com/test/logs',
    },
  });

/** Stripe shows the start and the last 4 characters of a key it does not know. */
const masked = (key: string) => {
  const prefix = /^(sk|rk)_(test|live)_/.exec(key)?.[0] ?? '';
  return `${prefix}${'*'.repeat(Math.max(0, key.length - prefix.length - 4))}${key.slice(-4)}`;
};

export const noApiKey = () =>
  stripeError(401, {
    type: 'invalid_request_error',
    message:
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
  });

export const invalidApiKey = (key: string) =>
  stripeError(401, {
    type: 'invalid_request_error',
    message: `Invalid API Key provided: ${masked(key)}`,
  });

export const missingParam = (param: string) =>
  stripeError(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    message: `Missing required param: ${param}.`,
    param,
  });

export const invalidParam = (param: string, message: string) =>
  stripeError(400, { type: 'invalid_request_error', code: 'parameter_invalid', message, param });

export const noSuchCustomer = (id: string) =>
  stripeError(400, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such customer: '${id}'`,
    param: 'customer',
  });

export const idempotencyMismatch = (key: string) =>
  stripeError(400, {
    type: 'idempotency_error',
    message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
  });

export const unrecognizedUrl = (method: string, path: string) =>
  stripeError(404, {
    type: 'invalid_request_error',
    message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
  });

/** What a test asked the next requests to fail with: Stripe's own status and error type. */
export const failureFor = (status: number) =>
  status === 429
    ? stripeError(429, {
        type: 'invalid_request_error',
        code: 'rate_limit',
        message: 'Too many requests hit the API too quickly.',
      })
    : stripeError(status, {
        type: status >= 500 ? 'api_error' : 'invalid_request_error',
        message: status >= 500 ? 'An unknown error occurred' : `Request failed (${status})`,
      });
