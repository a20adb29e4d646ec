// A local Google for tests: one origin answering Google's real paths (accounts.google.com's
// /o/oauth2/v2/auth, oauth2.googleapis.com's /token, /revoke and /tokeninfo, admin.googleapis.com's
// /admin/…, cloudidentity.googleapis.com's /v1/policies, licensing.googleapis.com's
// /apps/licensing/…) the way the real APIs do, plus test controls: methods on the returned object,
// and the same over HTTP under /__fake/ for tests that run it in another process (see
// control-api.ts).
import type { IncomingMessage } from 'node:http';
import { type Answer, send } from '../kit/answers';
import { errorAnswer } from '../kit/errors';
import { fakeServer, type LoggedRequest as KitLoggedRequest } from '../kit/fake-server';
import { forcedFailures, type FailureOptions as KitFailureOptions } from '../kit/forced-failures';
import { rateLimiter } from '../kit/rate-limit';
import { TEST_CLIENT } from '../test-client';
import type { ApiEndpoint } from './api-endpoint';
import { controlApi } from './control-api';
import { chromeOsDevicesList, mobileDevicesList } from './devices';
import { orgUnitsList, usersList } from './directory';
import { checkFields, FieldSelectionError, parseFields, selectFields } from './fields';
import {
  badRequest,
  insufficientScope,
  notAdmin,
  notFound,
  rateLimited,
  serverError,
  unauthenticated,
} from './google-errors';
import { licensesForProduct, licensesForSku } from './licensing';
import { createOAuthServer, type IssuedGrant, KNOWN_SCOPES, type OAuthClient } from './oauth';
import { policiesList } from './policies';
import { activitiesList, customerUsage } from './reports';
import { tokensList } from './tokens';
import { buildWorkspace, type UserSeed, upsertUser, type WorkspaceOptions } from './world';
import type { FakeUser, Workspace } from './world-types';

export type LoggedRequest = KitLoggedRequest & { query: Record<string, string> };

export type FailureOptions = KitFailureOptions & { retryAfterSeconds?: number };

export type FakeGoogleOptions = {
  /** Default 0: any free port. */
  port?: number;
  /** The workspace served; default a small generated one on acme-tools.test. */
  workspace?: WorkspaceOptions | Workspace;
  /** Default: TEST_CLIENT, allowed to redirect to `redirectUris`. */
  clients?: OAuthClient[];
  redirectUris?: string[];
  latencyMs?: number;
  /** Minimum time between two policies.list answers before 429; default 0 (off). */
  policyMinGapMs?: number;
};

export type FakeGoogle = {
  /** `http://127.0.0.1:<port>`: the one origin of every Google host. */
  url: string;
  world(): Workspace;
  setWorld(workspace: WorkspaceOptions | Workspace): void;
  upsertUser(seed: UserSeed): FakeUser;
  /** A grant as if `email` had consented (default: every scope the fake knows is granted). */
  issueGrant(p: { email: string; scopes?: readonly string[]; offline?: boolean }): IssuedGrant;
  revokeAll(): void;
  setLatencyMs(ms: number): void;
  /** The next requests whose path starts with `path` get `status` (429, 500 or 503). */
  failNext(path: string, status: number, options?: FailureOptions): void;
  setPolicyMinGapMs(ms: number): void;
  setAccessTokenLifetime(seconds: number | null): void;
  expireAccessTokens(): void;
  /** Every request but the /__fake/ ones, oldest first. */
  requests(): LoggedRequest[];
  clearRequests(): void;
  close(): Promise<void>;
};

const isWorkspace = (w: WorkspaceOptions | Workspace): w is Workspace =>
  'customerId' in w && 'users' in w && Array.isArray((w as Workspace).activities?.login);

export const DEFAULT_DOMAIN = 'acme-tools.test';

export async function startFakeGoogle(options: FakeGoogleOptions = {}): Promise<FakeGoogle> {
  const toWorld = (w: WorkspaceOptions | Workspace) => (isWorkspace(w) ? w : buildWorkspace(w));
  let world = toWorld(options.workspace ?? { domain: DEFAULT_DOMAIN, userCount: 20 });
  const { listen, ...traffic } = fakeServer<LoggedRequest>(options);
  const pacing = rateLimiter();
  const setPolicyMinGapMs = (ms: number) => pacing.set(ms > 0 ? { limit: 1, windowMs: ms } : null);
  setPolicyMinGapMs(options.policyMinGapMs ?? 0);
  const failures = forcedFailures<{ status: number; retryAfterSeconds?: number }>();
  const oauth = createOAuthServer(
    options.clients ?? [{ ...TEST_CLIENT, redirectUris: options.redirectUris ?? [] }],
  );
  const endpoints: ApiEndpoint[] = [
    usersList,
    orgUnitsList,
    activitiesList,
    customerUsage,
    policiesList(pacing),
    tokensList,
    mobileDevicesList,
    chromeOsDevicesList,
    licensesForProduct,
    licensesForSku,
  ];

  const isAdmin = (email: string) =>
    world.users.some((u) => u.primaryEmail === email && u.isAdmin && !u.suspended && !u.archived);

  function callApi(
    endpoint: ApiEndpoint,
    req: IncomingMessage,
    url: URL,
    params: Record<string, string>,
  ): Answer {
    const style = endpoint.api === 'cloud' ? 'cloud' : 'admin';
    if (req.method !== 'GET') return notFound();
    const caller = oauth.authenticate(req.headers.authorization);
    if (!caller) return unauthenticated();
    if (!endpoint.scopes.some((s) => caller.access.scopes.has(s))) {
      return insufficientScope(style, endpoint.scopes[0] ?? '', endpoint.service);
    }
    if (!isAdmin(caller.access.email)) return notAdmin(endpoint.api);
    let fields = null;
    const selection = url.searchParams.get('fields');
    if (selection) {
      try {
        fields = parseFields(selection);
        checkFields(fields, endpoint.schema);
      } catch (err) {
        if (!(err instanceof FieldSelectionError)) throw err;
        return badRequest(style, err.message, 'invalidParameter', 'fields');
      }
    }
    const answer = endpoint.handle({ query: url.searchParams, params, world, now: new Date() });
    return answer.status === 200 && fields
      ? { ...answer, body: selectFields(answer.body, fields) }
      : answer;
  }

  async function route(req: IncomingMessage, url: URL, body: string): Promise<Answer> {
    const path = url.pathname;
    const failure = failures.take(path);
    if (failure) {
      const style = path.startsWith('/v1/') ? 'cloud' : 'admin';
      const service = style === 'cloud' ? 'cloudidentity.googleapis.com' : 'admin.googleapis.com';
      return failure.status === 429
        ? rateLimited(style, service, failure.retryAfterSeconds)
        : serverError(style, failure.status, failure.retryAfterSeconds);
    }
    if (path === '/o/oauth2/v2/auth' && req.method === 'GET') return oauth.authorize(url);
    if (path === '/o/oauth2/v2/auth/approve' && req.method === 'POST')
      return oauth.approve(req, body);
    if (path === '/token' && req.method === 'POST') return oauth.tokenEndpoint(req, body);
    if (path === '/revoke' && req.method === 'POST') return oauth.revoke(req, url, body);
    if (path === '/tokeninfo') return oauth.tokenInfo(url);
    for (const endpoint of endpoints) {
      const match = endpoint.pattern.exec(path);
      if (match) {
        const params = Object.fromEntries(
          Object.entries(match.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v)]),
        );
        return callApi(endpoint, req, url, params);
      }
    }
    return notFound();
  }

  const fake: Omit<FakeGoogle, 'url' | 'close'> = {
    world: () => world,
    setWorld: (w) => {
      world = toWorld(w);
    },
    upsertUser: (seed) => upsertUser(world, seed),
    issueGrant: (p) => oauth.issueGrant({ ...p, scopes: p.scopes ?? [...KNOWN_SCOPES] }),
    revokeAll: () => oauth.revokeAll(),
    failNext: (path, status, { retryAfterSeconds, ...o } = {}) =>
      failures.add(path, { status, retryAfterSeconds }, o),
    setPolicyMinGapMs,
    setAccessTokenLifetime: (s) => oauth.setAccessTokenLifetime(s),
    expireAccessTokens: () => oauth.expireAccessTokens(),
    ...traffic,
  };
  const control = controlApi(fake);

  const listening = await listen(options.port, {
    control,
    logEntry: ({ url }, logged) => ({ ...logged, query: Object.fromEntries(url.searchParams) }),
    answer: ({ req, url, body }) => route(req, url, body),
    send: (res, answer, url) => send(res, answer, url.searchParams.get('prettyPrint') !== 'false'),
    crash: (err) => errorAnswer(500, { error: { code: 500, message: String(err) } }),
  });
  return { ...fake, ...listening };
}
