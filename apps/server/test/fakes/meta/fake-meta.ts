// A local Meta for tests: one origin answering Facebook Login's dialog (www.facebook.com) and the
// Graph API (graph.facebook.com) on their real paths, as integrations-reference §3 and §6 say,
// plus test controls: methods on the returned object, and the same over HTTP under /__fake/ for
// tests that run it in another process (see control-api.ts).
import type { IncomingMessage } from 'node:http';
import { type Answer, formOf, send } from '../kit/answers';
import {
  type FakeRequest,
  fakeServer,
  type LoggedRequest as KitLoggedRequest,
} from '../kit/fake-server';
import { type FailureOptions, forcedFailures } from '../kit/forced-failures';
import { TEST_CLIENT } from '../test-client';
import { controlApi } from './control-api';
import { createGraphApi } from './graph-api';
import { failureFor, type MetaErrorFields, unknownPath } from './graph-errors';
import { createLogin } from './login';
import { createTokenStore, type MetaApp, SHORT_LIVED_S } from './tokens';
import {
  type BusinessSeed,
  buildBusinesses,
  DEFAULT_BUSINESSES,
  DEFAULT_PERSON,
  type FakeBusiness,
  type FakePerson,
} from './world';

export type LoggedRequest = KitLoggedRequest & {
  /** Query and form fields together. */
  params: Record<string, string>;
};

export type FakeMetaOptions = {
  /** Default 0: any free port. */
  port?: number;
  person?: FakePerson;
  businesses?: readonly BusinessSeed[];
  /** Allowed redirect URIs of the default app (TEST_CLIENT). */
  redirectUris?: readonly string[];
  latencyMs?: number;
  /** Default: TEST_CLIENT, allowed to redirect to `redirectUris`, requiring appsecret_proof. */
  clients?: readonly MetaApp[];
};

export type FakeMeta = {
  /** `http://127.0.0.1:<port>`: the one origin of www.facebook.com and graph.facebook.com. */
  url: string;
  /** Every request but the /__fake/ ones, oldest first. */
  requests(): LoggedRequest[];
  clearRequests(): void;
  /** A copy of the businesses as they are now. */
  businesses(): FakeBusiness[];
  /** A user token as if the person had logged in (default: business_management, ~2 h). */
  issueToken(p?: { scopes?: readonly string[]; lifetimeSeconds?: number; appId?: string }): {
    accessToken: string;
    expiresAt: Date;
  };
  /** Every token issued so far is past its expiry: debug_token is_valid false, Graph 190/463. */
  expireTokens(): void;
  /** Every token issued so far is invalidated: Graph 190/460. */
  revokeTokens(): void;
  /** POSTs to a business answer this Meta error until set back to null. */
  refuseTwoFactorChange(error: MetaErrorFields | null): void;
  /** The permission is taken from every token issued so far. */
  revokePermission(name: string): void;
  /** The next requests whose path starts with `pathPrefix` answer Meta error `code`. */
  failNext(pathPrefix: string, code: number, options?: FailureOptions): void;
  setLatencyMs(ms: number): void;
  /** Back to the start: the seeded businesses, no tokens, no switches, an empty log. */
  reset(): void;
  close(): Promise<void>;
};

const VERSIONED = /^\/(v\d+\.\d+)(\/.*)?$/;

/** Query and form fields together, as Graph reads them. */
function paramsOf({ req, url, body }: FakeRequest): URLSearchParams {
  const params = new URLSearchParams(url.searchParams);
  for (const [k, v] of formOf(req, body)) params.append(k, v);
  return params;
}

export async function startFakeMeta(options: FakeMetaOptions = {}): Promise<FakeMeta> {
  const person = options.person ?? DEFAULT_PERSON;
  const seeds = options.businesses ?? DEFAULT_BUSINESSES;
  let businesses = buildBusinesses(seeds);
  const { listen, ...traffic } = fakeServer<LoggedRequest>(options);
  let refusal: MetaErrorFields | null = null;
  let origin = '';
  const failures = forcedFailures<number>();
  const apps = options.clients ?? [
    { ...TEST_CLIENT, name: 'Castellan (test)', redirectUris: options.redirectUris ?? [] },
  ];
  const tokens = createTokenStore(apps);
  const world = {
    person: () => person,
    businesses: () => businesses,
    twoFactorRefusal: () => refusal,
    origin: () => origin,
  };
  const login = createLogin(tokens, world);
  const graph = createGraphApi(tokens, world);

  function route(req: IncomingMessage, url: URL, params: URLSearchParams): Answer {
    const method = req.method ?? 'GET';
    const failure = failures.take(url.pathname);
    if (failure !== null) return failureFor(failure);
    const authorization = req.headers.authorization;
    if (url.pathname === '/debug_token') return login.debugToken(params, authorization);
    const match = VERSIONED.exec(url.pathname);
    if (!match) return unknownPath(url.pathname);
    const [, version = '', rest = '/'] = match;
    if (rest === '/dialog/oauth' && method === 'GET') return login.dialog(version, params);
    if (rest === '/dialog/oauth/confirm' && method === 'POST') return login.confirm(params);
    if (rest === '/oauth/access_token') return login.accessToken(params);
    if (rest === '/debug_token') return login.debugToken(params, authorization);
    return graph({ method, path: rest, url, params, ...(authorization ? { authorization } : {}) });
  }

  const fake: Omit<FakeMeta, 'url' | 'close'> = {
    ...traffic,
    businesses: () => structuredClone(businesses),
    issueToken: (p = {}) => {
      const issued = tokens.issue({
        appId: p.appId ?? apps[0]?.id ?? TEST_CLIENT.id,
        userId: person.id,
        scopes: p.scopes ?? ['public_profile', 'business_management'],
        lifetimeS: p.lifetimeSeconds ?? SHORT_LIVED_S,
      });
      return { accessToken: issued.token, expiresAt: new Date(issued.expiresAt) };
    },
    expireTokens: () => tokens.expireAll(),
    revokeTokens: () => tokens.revokeAll(),
    refuseTwoFactorChange: (error) => {
      refusal = error;
    },
    revokePermission: (name) => tokens.revokePermission(name),
    failNext: (prefix, code, o) => failures.add(prefix, code, o),
    reset: () => {
      businesses = buildBusinesses(seeds);
      refusal = null;
      failures.clear();
      traffic.clearRequests();
      traffic.setLatencyMs(options.latencyMs ?? 0);
      tokens.clear();
      login.clear();
    },
  };
  const control = controlApi(fake);

  const listening = await listen(options.port, {
    control,
    logEntry: (request, logged) => ({ ...logged, params: Object.fromEntries(paramsOf(request)) }),
    answer: (request) => route(request.req, request.url, paramsOf(request)),
    send: (res, answer) => send(res, answer, false),
    crash: (err) => {
      console.error('fake Meta:', err);
      return failureFor(1);
    },
  });
  origin = listening.url;
  return { ...fake, ...listening };
}
