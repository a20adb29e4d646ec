// A local Microsoft for tests: one origin answering the identity platform's real paths
// (/{tenant}/oauth2/v2.0/authorize and /token) and Graph's (/v1.0/...) the way the real services
// do (integrations-reference §2 and §6), plus test controls: methods on the returned object,
// and the same over HTTP under /__fake/ (control-api.ts).
import type { IncomingMessage } from 'node:http';
import { type Answer, send } from '../kit/answers';
import { errorAnswer } from '../kit/errors';
import { fakeServer, type LoggedRequest as KitLoggedRequest } from '../kit/fake-server';
import { type FailureOptions, forcedFailures } from '../kit/forced-failures';
import { TEST_CLIENT } from '../test-client';
import { permissionGrants, servicePrincipalById } from './app-consents';
import { controlApi } from './control-api';
import {
  conditionalAccessPolicies,
  directoryRoles,
  organization,
  roleMembersById,
  roleMembersByTemplate,
  securityDefaults,
  subscribedSkus,
} from './directory-endpoints';
import type { GraphEndpoint, GraphRequest } from './graph-endpoint';
import { invalidToken, nonPremium, notFound, requestDenied, throttled } from './graph-errors';
import { createIdentity, fullScope, type IdentityClient } from './identity';
import { type IntuneState, managedDevices } from './managed-devices';
import { signIns } from './sign-ins-endpoint';
import { buildTenant, type Tenant, type TenantOptions } from './tenant';
import { userRegistrationDetails, usersList } from './user-endpoints';

/** The path is decoded. */
export type LoggedRequest = KitLoggedRequest & { query: Record<string, string> };

export type FakeMicrosoftOptions = {
  /** Default 0: any free port. */
  port?: number;
  tenant?: TenantOptions;
  /** Allowed for TEST_CLIENT, unless `clients` are given. */
  redirectUris?: string[];
  clients?: IdentityClient[];
  latencyMs?: number;
  /** Default 3600. */
  accessTokenLifetimeSeconds?: number;
};

export type FakeMicrosoft = {
  /** `http://127.0.0.1:<port>`: login.microsoftonline.com and graph.microsoft.com in one. */
  url: string;
  tenant(): Tenant;
  /** Every request but the /__fake/ ones, oldest first. */
  requests(): LoggedRequest[];
  clearRequests(): void;
  /** The next `times` (default 1) requests whose path starts with `pathPrefix` get `status`. */
  failNext(
    pathPrefix: string,
    status: number,
    options?: FailureOptions & { retryAfterSeconds?: number },
  ): void;
  setPremium(premium: boolean): void;
  /** Whether the tenant has Intune, and how managedDevices refuses when not (managed-devices.ts). */
  setIntune(state: IntuneState): void;
  /** Every access and refresh token issued so far stops working. */
  expireTokens(): void;
  /** Graph calls needing `scope` (short or full name) answer 403 from now on. */
  revokeScope(scope: string): void;
  setLatencyMs(ms: number): void;
  setAccessTokenLifetime(seconds: number): void;
  /** A grant as if `email` had consented, without the browser (default: every known scope). */
  issueGrant(p: { email: string; scopes?: readonly string[] }): {
    accessToken: string;
    refreshToken: string | null;
    expiresAt: Date;
    scopes: string[];
  };
  /**
   * A new tenant (default: the one started with, rebuilt); switches, organisation consents,
   * failures and the log cleared. Tokens already issued stay valid.
   */
  reset(tenant?: TenantOptions): void;
  close(): Promise<void>;
};

export const DEFAULT_DOMAIN = 'tidewater.example';

const ENDPOINTS: GraphEndpoint[] = [
  organization,
  subscribedSkus,
  usersList,
  userRegistrationDetails,
  securityDefaults,
  conditionalAccessPolicies,
  directoryRoles,
  roleMembersByTemplate,
  roleMembersById,
  signIns,
  permissionGrants,
  servicePrincipalById,
  managedDevices,
];

export async function startFakeMicrosoft(
  options: FakeMicrosoftOptions = {},
): Promise<FakeMicrosoft> {
  const initial = options.tenant ?? { domain: DEFAULT_DOMAIN, userCount: 20 };
  let tenant = buildTenant(initial);
  const { listen, ...traffic } = fakeServer<LoggedRequest>(options);
  const revokedScopes = new Set<string>();
  const failures = forcedFailures<{ status: number; retryAfterSeconds?: number }>();
  const identity = createIdentity({
    clients: options.clients ?? [{ ...TEST_CLIENT, redirectUris: options.redirectUris ?? [] }],
    tenant: () => tenant,
    revokedScopes,
    accessTokenLifetimeS: options.accessTokenLifetimeSeconds ?? 3600,
  });

  function callGraph(req: IncomingMessage, graph: GraphRequest, endpoint: GraphEndpoint): Answer {
    if (req.method !== 'GET') return notFound(graph.url.pathname);
    const caller = identity.authenticate(req.headers.authorization);
    if (caller === 'expired') return invalidToken();
    if (caller === 'invalid')
      return invalidToken('Access token validation failure. Invalid audience.');
    if (!endpoint.scopes(graph).every((anyOf) => anyOf.some((s) => caller.scopes.has(s)))) {
      return requestDenied();
    }
    if (endpoint.premium(graph) && !tenant.premium) return nonPremium();
    return endpoint.handle(graph);
  }

  async function route(req: IncomingMessage, url: URL, path: string, body: string) {
    const failure = failures.take(path);
    if (failure) return throttled(failure.status, failure.retryAfterSeconds);
    const oauth =
      /^\/(?<tenant>[^/]+)\/(?:oauth2\/v2\.0\/(?<step>authorize|token)|(?<login>login))$/.exec(
        path,
      );
    const tenantName = oauth?.groups?.tenant ?? '';
    if (oauth?.groups?.step === 'authorize' && req.method === 'GET') {
      return identity.authorize(tenantName, url);
    }
    if (oauth?.groups?.step === 'token' && req.method === 'POST') {
      return identity.tokenEndpoint(tenantName, req, body);
    }
    if (oauth?.groups?.login && req.method === 'POST') return identity.login(req, body);
    const origin = `http://${req.headers.host ?? '127.0.0.1'}`;
    for (const endpoint of ENDPOINTS) {
      const match = endpoint.pattern.exec(path);
      if (match) {
        const params = { ...match.groups };
        return callGraph(req, { url, origin, tenant, params, now: new Date() }, endpoint);
      }
    }
    return notFound(path);
  }

  const fake: Omit<FakeMicrosoft, 'url' | 'close'> = {
    tenant: () => tenant,
    ...traffic,
    failNext: (path, status, { retryAfterSeconds, ...o } = {}) =>
      failures.add(path, { status, retryAfterSeconds }, o),
    setPremium: (premium) => {
      tenant.premium = premium;
    },
    setIntune: (state) => {
      tenant.intune = state;
    },
    expireTokens: () => identity.expireTokens(),
    revokeScope: (scope) => {
      revokedScopes.add(fullScope(scope));
    },
    setAccessTokenLifetime: (s) => identity.setAccessTokenLifetime(s),
    issueGrant: (p) => identity.issueGrant(p),
    reset: (options) => {
      tenant = buildTenant(options ?? initial);
      revokedScopes.clear();
      identity.forgetConsents();
      failures.clear();
      traffic.clearRequests();
    },
  };
  const control = controlApi(fake);

  const listening = await listen(options.port, {
    control,
    logEntry: ({ url }, logged) => ({
      ...logged,
      path: decodeURIComponent(url.pathname),
      query: Object.fromEntries(url.searchParams),
    }),
    answer: ({ req, url, body }, entry) => route(req, url, entry.path, body),
    send: (res, answer) => send(res, answer, false),
    crash: (err) => errorAnswer(500, { error: { code: 'generalException', message: String(err) } }),
  });
  return { ...fake, ...listening };
}
