// A local Microsoft for tests: one origin answering the identity platform's real paths
// (/{tenant}/oauth2/v2.0/authorize and /token) and Graph's (/v1.0/...) the way the real services
// do (integrations-reference §2 and §6), plus test controls: methods on the returned object,
// and the same over HTTP under /__fake/ (control-api.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Answer, readBody, send } from '../answers';
import { listenLocally } from '../listen';
import { TEST_CLIENT } from '../test-client';
import { controlApi } from './control-api';
import {
  conditionalAccessPolicies,
  directoryRoles,
  organization,
  roleMembersById,
  roleMembersByTemplate,
  securityDefaults,
} from './directory-endpoints';
import type { GraphEndpoint, GraphRequest } from './graph-endpoint';
import { invalidToken, nonPremium, notFound, requestDenied, throttled } from './graph-errors';
import { createIdentity, fullScope, type IdentityClient } from './identity';
import { signIns } from './sign-ins-endpoint';
import { buildTenant, type Tenant, type TenantOptions } from './tenant';
import { userRegistrationDetails, usersList } from './user-endpoints';

export type LoggedRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  status: number;
  /** Epoch ms when the request arrived. */
  at: number;
  /** How long the fake worked on the answer, the added latency left out. */
  workMs: number;
};

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
    options?: { times?: number; retryAfterSeconds?: number },
  ): void;
  setPremium(premium: boolean): void;
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
  usersList,
  userRegistrationDetails,
  securityDefaults,
  conditionalAccessPolicies,
  directoryRoles,
  roleMembersByTemplate,
  roleMembersById,
  signIns,
];

export async function startFakeMicrosoft(
  options: FakeMicrosoftOptions = {},
): Promise<FakeMicrosoft> {
  const initial = options.tenant ?? { domain: DEFAULT_DOMAIN, userCount: 20 };
  let tenant = buildTenant(initial);
  let latencyMs = options.latencyMs ?? 0;
  const revokedScopes = new Set<string>();
  const failures: { path: string; status: number; left: number; retryAfterSeconds?: number }[] = [];
  const log: LoggedRequest[] = [];
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
    const failure = failures.find((f) => path.startsWith(f.path));
    if (failure) {
      failure.left -= 1;
      if (failure.left <= 0) failures.splice(failures.indexOf(failure), 1);
      return throttled(failure.status, failure.retryAfterSeconds);
    }
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
    requests: () => [...log],
    clearRequests: () => {
      log.length = 0;
    },
    failNext: (path, status, o = {}) => {
      failures.push({
        path,
        status,
        left: o.times ?? 1,
        ...(o.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: o.retryAfterSeconds }),
      });
    },
    setPremium: (premium) => {
      tenant.premium = premium;
    },
    expireTokens: () => identity.expireTokens(),
    revokeScope: (scope) => {
      revokedScopes.add(fullScope(scope));
    },
    setLatencyMs: (ms) => {
      latencyMs = ms;
    },
    setAccessTokenLifetime: (s) => identity.setAccessTokenLifetime(s),
    issueGrant: (p) => identity.issueGrant(p),
    reset: (options) => {
      tenant = buildTenant(options ?? initial);
      revokedScopes.clear();
      identity.forgetConsents();
      failures.length = 0;
      log.length = 0;
    },
  };
  const control = controlApi(fake);

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake-microsoft');
    const body = await readBody(req);
    if (url.pathname.startsWith('/__fake/')) {
      send(res, await control(req.method ?? 'GET', url, body));
      return;
    }
    const entry: LoggedRequest = {
      method: req.method ?? 'GET',
      path: decodeURIComponent(url.pathname),
      query: Object.fromEntries(url.searchParams),
      status: 0,
      at: Date.now(),
      workMs: 0,
    };
    log.push(entry);
    if (latencyMs > 0) await sleep(latencyMs);
    const started = performance.now();
    const answer = await route(req, url, entry.path, body);
    entry.status = answer.status;
    send(res, answer, false);
    entry.workMs = performance.now() - started;
  }

  const listening = await listenLocally(options.port, handle, (res, err) => {
    send(res, {
      status: 500,
      body: { error: { code: 'generalException', message: String(err) } },
    });
  });
  return { ...fake, ...listening };
}
