// The identity server's token endpoint: `POST /connect/token` with the organisation's key as an
// OAuth 2.0 client-credentials grant (integrations-reference-2 §3.2).
import type { IncomingMessage } from 'node:http';
import { type Answer, formOf, json } from '../kit/answers';
import { clientCredentials } from '../kit/client-credentials';
import { oauthError } from './bitwarden-errors';
import type { TokenStore } from './tokens';
import { clientIdOf, type FakeOrganization } from './world';

export function tokenEndpoint(
  req: IncomingMessage,
  body: string,
  org: FakeOrganization,
  tokens: TokenStore,
): Answer {
  const form = formOf(req, body);
  if (form.get('grant_type') !== 'client_credentials') return oauthError('unsupported_grant_type');
  const client = clientCredentials(req, form);
  // A wrong id or secret, and an organisation without API access, all read as invalid_client.
  if (client.id !== clientIdOf(org) || client.secret !== org.clientSecret || !org.apiEnabled) {
    return oauthError('invalid_client');
  }
  const scopes = (form.get('scope') ?? '').split(' ').filter(Boolean);
  if (scopes.length !== 1 || scopes[0] !== 'api.organization') return oauthError('invalid_scope');
  const issued = tokens.issue(org.id);
  return json(200, {
    access_token: issued.token,
    expires_in: issued.expiresIn,
    token_type: 'Bearer',
    scope: 'api.organization',
  });
}
