// A local Bitwarden for tests: one origin answering the identity server's `/connect/token` and the
// Public API's `/public/…` on their real paths, as integrations-reference-2 §3 says, plus test
// controls: methods on the returned object, and the same over HTTP under /__fake/ (control-api.ts).
import { type Answer, formOf } from '../kit/answers';
import { type FakeRequest, fakeServer, type LoggedRequest as KitLogged } from '../kit/fake-server';
import { type FailureOptions, forcedFailures } from '../kit/forced-failures';
import { type RateRule, rateLimiter } from '../kit/rate-limit';
import { bearerRefused, failureFor, quotaExceeded, serverError } from './bitwarden-errors';
import { controlApi } from './control-api';
import { tokenEndpoint } from './identity';
import { publicApi } from './public-api';
import { createTokenStore } from './tokens';
import {
  buildMember,
  buildOrganization,
  buildPolicy,
  clientIdOf,
  type FakeMember,
  type FakeOrganization,
  type MemberSeed,
  type OrganizationSeed,
  type PolicySeed,
} from './world';

export type LoggedRequest = KitLogged & {
  /** The token request's form, its client_secret left out. */
  form: Record<string, string>;
  /** The Authorization header's scheme (`Bearer`), never the token; null without one. */
  auth: string | null;
};

export type FakeBitwardenOptions = {
  /** Default 0: any free port. */
  port?: number;
  organization?: OrganizationSeed;
  /** Reads allowed per window and address; default Bitwarden cloud's 200 a minute; null: none. */
  rateLimit?: RateRule | null;
  latencyMs?: number;
};

export type FakeBitwarden = {
  /** `http://127.0.0.1:<port>`: the one origin of the identity server and the API. */
  url: string;
  /** The organisation's API key, as the administrator would paste it. */
  key: { clientId: string; clientSecret: string };
  /** Every request but the /__fake/ ones, oldest first. */
  requests(): LoggedRequest[];
  clearRequests(): void;
  /** A copy of the organisation as it is now. */
  organization(): FakeOrganization;
  /** Adds a member, or replaces the one with that e-mail (keeping its ids). */
  upsertMember(seed: MemberSeed): FakeMember;
  removeMember(email: string): boolean;
  /** Sets a policy (created on first use, as when an admin saves it). */
  setPolicy(seed: PolicySeed): void;
  /** The organisation loses API access (plan, or disabled): tokens are refused invalid_client. */
  setApiEnabled(enabled: boolean): void;
  /** A new client_secret (the admin rotated the key); tokens issued so far stay valid. */
  rotateSecret(secret: string): void;
  /** Every token issued so far is past its hour. */
  expireTokens(): void;
  /** The Public API's read limit; null: none. */
  setRateLimit(rule: RateRule | null): void;
  /** The next requests whose path starts with `pathPrefix` answer HTTP `status`. */
  failNext(
    pathPrefix: string,
    status: number,
    options?: FailureOptions & { retryAfterSeconds?: number },
  ): void;
  setLatencyMs(ms: number): void;
  /** Back to the start: the seeded organisation, no tokens, no switches, an empty log. */
  reset(): void;
  close(): Promise<void>;
};

/** Bitwarden cloud's limit of reads (`GET *`) per address. */
export const CLOUD_READ_LIMIT: RateRule = { limit: 200, windowMs: 60_000 };

export async function startFakeBitwarden(
  options: FakeBitwardenOptions = {},
): Promise<FakeBitwarden> {
  const seed = options.organization ?? {};
  let org = buildOrganization(seed);
  const initialRate = options.rateLimit === undefined ? CLOUD_READ_LIMIT : options.rateLimit;
  const limiter = rateLimiter(initialRate);
  const failures = forcedFailures<{ status: number; retryAfterSeconds?: number }>();
  const tokens = createTokenStore();
  const { listen, ...traffic } = fakeServer<LoggedRequest>(options);

  function answer({ req, url, body }: FakeRequest): Answer {
    const method = req.method ?? 'GET';
    const forced = failures.take(url.pathname);
    if (forced) return failureFor(forced.status, forced.retryAfterSeconds);
    if (url.pathname === '/connect/token' && method === 'POST') {
      return tokenEndpoint(req, body, org, tokens);
    }
    if (!url.pathname.startsWith('/public/')) return { status: 404, body: '' };
    const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || tokens.organizationOf(bearer) !== org.id)
      return bearerRefused(bearer !== undefined);
    const key = `${req.socket.remoteAddress ?? ''} ${method === 'GET' ? 'GET' : 'WRITE'}`;
    const wait = limiter.retryAfter(key);
    if (wait !== null) return quotaExceeded(wait, '200 per 1m');
    limiter.count(key);
    return publicApi(org, method, url.pathname);
  }

  const findMember = (email: string) =>
    org.members.find((m) => m.email.toLowerCase() === email.toLowerCase());

  const fake: Omit<FakeBitwarden, 'url' | 'close' | 'key'> = {
    ...traffic,
    organization: () => structuredClone(org),
    upsertMember(memberSeed) {
      const built = buildMember(memberSeed);
      const held = findMember(memberSeed.email);
      if (!held) {
        org.members.push(built);
        return structuredClone(built);
      }
      const userId = built.userId === null ? null : (held.userId ?? built.userId);
      Object.assign(held, { ...built, id: held.id, userId });
      return structuredClone(held);
    },
    removeMember(email) {
      const held = findMember(email);
      if (held) org.members.splice(org.members.indexOf(held), 1);
      return held !== undefined;
    },
    setPolicy(policySeed) {
      const held = org.policies.find((p) => p.type === policySeed.type);
      if (held) Object.assign(held, { enabled: policySeed.enabled, data: policySeed.data ?? null });
      else org.policies.push(buildPolicy(policySeed));
    },
    setApiEnabled(enabled) {
      org.apiEnabled = enabled;
    },
    rotateSecret(secret) {
      org.clientSecret = secret;
    },
    expireTokens: () => tokens.expireAll(),
    setRateLimit: (rule) => limiter.set(rule),
    failNext: (prefix, status, o = {}) => failures.add(prefix, { status, ...o }, o),
    reset() {
      org = buildOrganization(seed);
      limiter.set(initialRate);
      failures.clear();
      tokens.clear();
      traffic.clearRequests();
      traffic.setLatencyMs(options.latencyMs ?? 0);
    },
  };

  const listening = await listen(options.port, {
    control: controlApi(fake),
    logEntry: (request, logged) => {
      const form = Object.fromEntries(formOf(request.req, request.body));
      delete form.client_secret;
      const scheme = /^(\S+)\s/.exec(request.req.headers.authorization ?? '')?.[1] ?? null;
      return { ...logged, form, auth: scheme };
    },
    answer,
    crash: (err) => {
      console.error('fake Bitwarden:', err);
      return serverError();
    },
  });
  return {
    ...fake,
    ...listening,
    get key() {
      return { clientId: clientIdOf(org), clientSecret: org.clientSecret };
    },
  };
}
