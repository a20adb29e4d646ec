import { z } from 'zod';

/** A POST of `fields` as an HTML form, asking for JSON: how OAuth 2.0 token endpoints are called. */
export function formPost(fields: Record<string, string>): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(fields),
  };
}

/** An OAuth 2.0 token endpoint's answer (RFC 6749 §5.1), of a bearer token. */
export const bearerTokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().nonnegative(),
  refresh_token: z.string().min(1).optional(),
  scope: z.string().optional(),
  token_type: z.string().regex(/^bearer$/i),
});
