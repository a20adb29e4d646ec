// Google's error envelopes (integrations-reference §1.8). The Admin SDK (Directory, Reports) adds
// `errors[]` with a reason; Cloud Identity sends `{code, message, status}` with `details`.
import type { Answer } from '../kit/answers';
import { type ErrorOptions, errorAnswer } from '../kit/errors';

export type ApiStyle = 'admin' | 'cloud';

type ErrorItem = {
  message: string;
  domain: string;
  reason: string;
  location?: string;
  locationType?: string;
};

/** Google's envelope, whose `code` is the HTTP status. */
function googleError(
  code: number,
  message: string,
  fields: { status?: string; errors?: ErrorItem[]; details?: unknown[] },
  options?: ErrorOptions,
): Answer {
  const error = {
    code,
    message,
    ...(fields.errors ? { errors: fields.errors } : {}),
    ...(fields.status ? { status: fields.status } : {}),
    ...(fields.details ? { details: fields.details } : {}),
  };
  return errorAnswer(code, { error }, options);
}

const errorInfo = (reason: string, service: string) => ({
  '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
  reason,
  domain: 'googleapis.com',
  metadata: { service },
});

/** 401 for a missing, expired or revoked access token: the same body on every API. */
export const unauthenticated = (): Answer =>
  googleError(
    401,
    'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
    {
      errors: [
        {
          message: 'Invalid Credentials',
          domain: 'global',
          reason: 'authError',
          location: 'Authorization',
          locationType: 'header',
        },
      ],
      status: 'UNAUTHENTICATED',
    },
    {
      headers: {
        'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"',
      },
    },
  );

/** 403 for a token that lacks the scope the method needs. */
export function insufficientScope(style: ApiStyle, scope: string, service: string): Answer {
  const headers = {
    'www-authenticate': `Bearer realm="https://accounts.google.com/", error="insufficient_scope", scope="${scope}"`,
  };
  const message = 'Request had insufficient authentication scopes.';
  return style === 'admin'
    ? googleError(
        403,
        message,
        {
          errors: [
            {
              message: 'Insufficient Permission',
              domain: 'global',
              reason: 'insufficientPermissions',
            },
          ],
          status: 'PERMISSION_DENIED',
        },
        { headers },
      )
    : googleError(
        403,
        message,
        {
          status: 'PERMISSION_DENIED',
          details: [errorInfo('ACCESS_TOKEN_SCOPE_INSUFFICIENT', service)],
        },
        { headers },
      );
}

/** The account that granted the token is not an administrator. */
export function notAdmin(api: 'directory' | 'reports' | 'cloud'): Answer {
  switch (api) {
    case 'directory':
      return forbidden();
    case 'reports': {
      // A 401 that is not about the token (python-samples#21): the reason is authError all the same.
      const message = 'Access denied. You are not authorized to read activity records.';
      return googleError(401, message, {
        errors: [
          {
            message,
            domain: 'global',
            reason: 'authError',
            location: 'Authorization',
            locationType: 'header',
          },
        ],
      });
    }
    case 'cloud':
      return googleError(403, 'The caller does not have permission', {
        status: 'PERMISSION_DENIED',
      });
  }
}

export const forbidden = (): Answer => {
  const message = 'Not Authorized to access this resource/api';
  return googleError(403, message, {
    errors: [{ message, domain: 'global', reason: 'forbidden' }],
  });
};

export function badRequest(
  style: ApiStyle,
  message: string,
  reason = 'badRequest',
  location?: string,
): Answer {
  if (style === 'cloud') return googleError(400, message, { status: 'INVALID_ARGUMENT' });
  const item: ErrorItem = { message, domain: 'global', reason };
  if (location) Object.assign(item, { location, locationType: 'parameter' });
  return googleError(400, message, { errors: [item], status: 'INVALID_ARGUMENT' });
}

export const notFound = (): Answer =>
  googleError(404, 'Method not found.', {
    errors: [{ message: 'Method not found.', domain: 'global', reason: 'notFound' }],
    status: 'NOT_FOUND',
  });

export function rateLimited(style: ApiStyle, service: string, retryAfterSeconds?: number): Answer {
  const message = `Quota exceeded for quota metric 'Read requests' and limit 'Read requests per minute' of service '${service}' for consumer 'project_number:000000000000'.`;
  const fields =
    style === 'admin'
      ? {
          errors: [{ message, domain: 'usageLimits', reason: 'rateLimitExceeded' }],
          status: 'RESOURCE_EXHAUSTED',
        }
      : { status: 'RESOURCE_EXHAUSTED', details: [errorInfo('RATE_LIMIT_EXCEEDED', service)] };
  return googleError(429, message, fields, { retryAfterSeconds });
}

export function serverError(style: ApiStyle, status: number, retryAfterSeconds?: number): Answer {
  const [message, grpc] =
    status === 503
      ? ['The service is currently unavailable.', 'UNAVAILABLE']
      : ['Internal error encountered.', 'INTERNAL'];
  const fields =
    style === 'admin'
      ? { errors: [{ message, domain: 'global', reason: 'backendError' }], status: grpc }
      : { status: grpc };
  return googleError(status, message, fields, { retryAfterSeconds });
}
