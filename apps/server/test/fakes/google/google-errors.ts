// Google's error envelopes (integrations-reference §1.8). The Admin SDK (Directory, Reports) adds
// `errors[]` with a reason; Cloud Identity sends `{code, message, status}` with `details`.
import { type Answer, json } from '../answers';

export type ApiStyle = 'admin' | 'cloud';

type ErrorItem = {
  message: string;
  domain: string;
  reason: string;
  location?: string;
  locationType?: string;
};

function envelope(
  code: number,
  message: string,
  options: { status?: string; errors?: ErrorItem[]; details?: unknown[] },
): unknown {
  return {
    error: {
      code,
      message,
      ...(options.errors ? { errors: options.errors } : {}),
      ...(options.status ? { status: options.status } : {}),
      ...(options.details ? { details: options.details } : {}),
    },
  };
}

const errorInfo = (reason: string, service: string) => ({
  '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
  reason,
  domain: 'googleapis.com',
  metadata: { service },
});

/** 401 for a missing, expired or revoked access token: the same body on every API. */
export const unauthenticated = (): Answer =>
  json(
    401,
    envelope(
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
    ),
    { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
  );

/** 403 for a token that lacks the scope the method needs. */
export function insufficientScope(style: ApiStyle, scope: string, service: string): Answer {
  const message = 'Request had insufficient authentication scopes.';
  const body =
    style === 'admin'
      ? envelope(403, message, {
          errors: [
            {
              message: 'Insufficient Permission',
              domain: 'global',
              reason: 'insufficientPermissions',
            },
          ],
          status: 'PERMISSION_DENIED',
        })
      : envelope(403, message, {
          status: 'PERMISSION_DENIED',
          details: [errorInfo('ACCESS_TOKEN_SCOPE_INSUFFICIENT', service)],
        });
  return json(403, body, {
    'www-authenticate': `Bearer realm="https://accounts.google.com/", error="insufficient_scope", scope="${scope}"`,
  });
}

/** The account that granted the token is not an administrator. */
export function notAdmin(api: 'directory' | 'reports' | 'cloud'): Answer {
  switch (api) {
    case 'directory':
      return forbidden();
    case 'reports': {
      // A 401 that is not about the token (python-samples#21): the reason is authError all the same.
      const message = 'Access denied. You are not authorized to read activity records.';
      return json(
        401,
        envelope(401, message, {
          errors: [
            {
              message,
              domain: 'global',
              reason: 'authError',
              location: 'Authorization',
              locationType: 'header',
            },
          ],
        }),
      );
    }
    case 'cloud':
      return json(
        403,
        envelope(403, 'The caller does not have permission', { status: 'PERMISSION_DENIED' }),
      );
  }
}

export const forbidden = (): Answer => {
  const message = 'Not Authorized to access this resource/api';
  return json(
    403,
    envelope(403, message, { errors: [{ message, domain: 'global', reason: 'forbidden' }] }),
  );
};

export function badRequest(
  style: ApiStyle,
  message: string,
  reason = 'badRequest',
  location?: string,
): Answer {
  if (style === 'cloud') return json(400, envelope(400, message, { status: 'INVALID_ARGUMENT' }));
  const item: ErrorItem = { message, domain: 'global', reason };
  if (location) Object.assign(item, { location, locationType: 'parameter' });
  return json(400, envelope(400, message, { errors: [item], status: 'INVALID_ARGUMENT' }));
}

export const notFound = (): Answer =>
  json(
    404,
    envelope(404, 'Method not found.', {
      errors: [{ message: 'Method not found.', domain: 'global', reason: 'notFound' }],
      status: 'NOT_FOUND',
    }),
  );

export function rateLimited(style: ApiStyle, service: string, retryAfterSeconds?: number): Answer {
  const message = `Quota exceeded for quota metric 'Read requests' and limit 'Read requests per minute' of service '${service}' for consumer 'project_number:000000000000'.`;
  const body =
    style === 'admin'
      ? envelope(429, message, {
          errors: [{ message, domain: 'usageLimits', reason: 'rateLimitExceeded' }],
          status: 'RESOURCE_EXHAUSTED',
        })
      : envelope(429, message, {
          status: 'RESOURCE_EXHAUSTED',
          details: [errorInfo('RATE_LIMIT_EXCEEDED', service)],
        });
  return json(
    429,
    body,
    retryAfterSeconds === undefined ? undefined : { 'retry-after': String(retryAfterSeconds) },
  );
}

export function serverError(style: ApiStyle, status: number, retryAfterSeconds?: number): Answer {
  const [message, grpc] =
    status === 503
      ? ['The service is currently unavailable.', 'UNAVAILABLE']
      : ['Internal error encountered.', 'INTERNAL'];
  const body =
    style === 'admin'
      ? envelope(status, message, {
          errors: [{ message, domain: 'global', reason: 'backendError' }],
          status: grpc,
        })
      : envelope(status, message, { status: grpc });
  return json(
    status,
    body,
    retryAfterSeconds === undefined ? undefined : { 'retry-after': String(retryAfterSeconds) },
  );
}
