import { createHash } from 'node:crypto';
import type { Server } from 'node:http';
import Provider from 'oidc-provider';
import { TEST_CLIENT } from './test-client';

/**
 * Local OpenID providers for tests, shaped like the real ones: "google" puts the Workspace domain
 * in `hd` (absent for consumer addresses), "microsoft" puts the Entra tenant in `tid` and the
 * domain-verified flag in `xms_edov`. Sign in on their login page with any e-mail address as the
 * login (any password); the claims follow from the address.
 */
export { TEST_CLIENT };

const CONSUMER = new Set(['gmail.com', 'outlook.com', 'hotmail.com']);
const MICROSOFT_CONSUMER_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';

const digest = (text: string) => createHash('sha256').update(text).digest('hex');
/** A stable fake GUID for a domain's tenant. */
export const tenantOf = (domain: string) => {
  const h = digest(`tenant:${domain}`);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
};

function claimsFor(
  kind: 'google' | 'microsoft',
  login: string,
): { sub: string } & Record<string, unknown> {
  const email = login.trim().toLowerCase();
  const [local = '', domain = ''] = email.split('@');
  const [first = '', last = ''] = local.split('.');
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  const common = {
    sub: digest(`${kind}:${email}`).slice(0, 24),
    email,
    name: `${cap(first)} ${cap(last)}`.trim(),
    given_name: cap(first),
    family_name: cap(last),
  };
  if (kind === 'google') {
    return { ...common, email_verified: true, ...(CONSUMER.has(domain) ? {} : { hd: domain }) };
  }
  const consumer = CONSUMER.has(domain);
  return {
    ...common,
    preferred_username: email,
    tid: consumer ? MICROSOFT_CONSUMER_TENANT : tenantOf(domain),
    xms_edov: !consumer,
  };
}

/**
 * oidc-provider warns at every start that it keeps its data in memory, signs with development keys
 * and offers its own login pages: what a fake is for. Those three lines per start, hundreds in a
 * test run, are left out of the logs; any other warning is still printed.
 */
function withoutDevelopmentNotes<T>(make: () => T): T {
  const warn = console.warn;
  const expected = /^oidc-provider WARNING: (a )?quick start development-only/;
  console.warn = (...args: unknown[]) => {
    if (!expected.test(String(args[0]))) warn(...args);
  };
  try {
    return make();
  } finally {
    console.warn = warn;
  }
}

export async function startOidcProvider(options: {
  kind: 'google' | 'microsoft';
  port: number;
  /** The app's address: its callback is the only redirect URI allowed. */
  appUrl: string;
}): Promise<{ issuer: string; close: () => Promise<void> }> {
  const issuer = `http://127.0.0.1:${options.port}`;
  const provider = withoutDevelopmentNotes(
    () =>
      new Provider(issuer, {
        clients: [
          {
            client_id: TEST_CLIENT.id,
            client_secret: TEST_CLIENT.secret,
            redirect_uris: [`${options.appUrl}/api/auth/${options.kind}/callback`],
            response_types: ['code'],
            grant_types: ['authorization_code'],
            token_endpoint_auth_method: 'client_secret_post',
          },
        ],
        claims: {
          openid: ['sub'],
          email: ['email', 'email_verified', 'hd', 'tid', 'xms_edov', 'preferred_username'],
          profile: ['name', 'given_name', 'family_name', 'picture'],
        },
        // Like Google and Microsoft: the claims come in the ID token itself.
        conformIdTokenClaims: false,
        findAccount: async (_ctx, id) => ({
          accountId: id,
          claims: async () => claimsFor(options.kind, id),
        }),
        features: { devInteractions: { enabled: true } },
        pkce: { required: () => true },
        // Lifetimes set, as the real providers have them (an hour for tokens), rather than left
        // to defaults the library notes in the log at their first use.
        ttl: {
          AccessToken: 3600,
          AuthorizationCode: 60,
          IdToken: 3600,
          Interaction: 600,
          Session: 86_400,
          Grant: 86_400,
        },
        cookies: { keys: [digest(`cookies:${options.kind}`)] },
      }),
  );
  const server: Server = provider.listen(options.port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  return { issuer, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
