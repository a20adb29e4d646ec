import type { IncomingMessage } from 'node:http';

/**
 * The client id and secret of a token request: from HTTP Basic (each part form-encoded, RFC 6749
 * §2.3.1) when given, else the form's client_id and client_secret.
 */
export function clientCredentials(req: IncomingMessage, form: URLSearchParams) {
  const basic = /^Basic\s+(.+)$/i.exec(req.headers.authorization ?? '');
  if (!basic?.[1]) return { id: form.get('client_id'), secret: form.get('client_secret') };
  const [id = '', ...rest] = Buffer.from(basic[1], 'base64').toString('utf8').split(':');
  return { id: decodeURIComponent(id), secret: decodeURIComponent(rest.join(':')) };
}
