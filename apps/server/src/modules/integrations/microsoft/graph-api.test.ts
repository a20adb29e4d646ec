import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakeMicrosoft,
  startFakeMicrosoft,
} from '../../../../test/fakes/microsoft/fake-microsoft';
import {
  FAST,
  fakeGraphSession,
  fakeMicrosoftConfig,
} from '../../../../test/fakes/microsoft/graph-session';
import { GraphApi, type MicrosoftApiError, type MicrosoftGrant } from '.';

const ADMIN = 'ada.admin@contoso.test';
const USERS = '/v1.0/users';

let microsoft: FakeMicrosoft;
beforeAll(async () => {
  microsoft = await startFakeMicrosoft({
    tenant: {
      domain: 'contoso.test',
      seed: 3,
      userCount: 250,
      users: [{ email: ADMIN, isAdmin: true }],
    },
  });
});
afterAll(() => microsoft.close());
beforeEach(() => microsoft.reset());

const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: MicrosoftApiError) => ({ kind: err.kind, httpStatus: err.httpStatus, code: err.code }),
  );
const paths = () => microsoft.requests().map((r) => `${r.status} ${r.path}`);
const getOrg = (api: GraphApi) => api.get('/v1.0/organization');

describe('GraphApi', () => {
  it('pages through a collection by following @odata.nextLink as given', async () => {
    const api = fakeGraphSession(microsoft, ADMIN);
    const ids: string[] = [];
    for await (const page of api.getAll<{ id: string }>(USERS, { $select: 'id', $top: '100' })) {
      ids.push(...page.map((u) => u.id));
    }
    expect(ids).toEqual(microsoft.tenant().users.map((u) => u.id));
    const calls = microsoft.requests();
    expect(calls).toHaveLength(3);
    expect(calls.map((c) => c.query.$skiptoken ?? null)).toEqual([
      null,
      expect.any(String),
      expect.any(String),
    ]);
    expect(calls.every((c) => c.query.$select === 'id' && c.query.$top === '100')).toBe(true);
  });

  it('waits as long as Retry-After says on a 429, then goes on', async () => {
    const api = fakeGraphSession(microsoft, ADMIN, { retry: { baseDelayMs: 1 } });
    microsoft.failNext(USERS, 429, { retryAfterSeconds: 1 });
    const started = Date.now();
    await api.get(USERS, { $top: '1' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(paths()).toEqual([`429 ${USERS}`, `200 ${USERS}`]);
  });

  it('retries 503, 502 and 504 with backoff, and gives up as unavailable or rate_limited', async () => {
    const api = fakeGraphSession(microsoft, ADMIN, { retry: { attempts: 3, baseDelayMs: 1 } });
    microsoft.failNext(USERS, 503);
    microsoft.failNext(USERS, 502);
    await api.get(USERS, { $top: '1' });
    expect(paths()).toEqual([`503 ${USERS}`, `502 ${USERS}`, `200 ${USERS}`]);
    microsoft.failNext(USERS, 504, { times: 3 });
    expect(await failureOf(api.get(USERS))).toMatchObject({ kind: 'unavailable', httpStatus: 504 });
    microsoft.failNext(USERS, 429, { times: 3 });
    expect(await failureOf(api.get(USERS))).toEqual({
      kind: 'rate_limited',
      httpStatus: 429,
      code: 'TooManyRequests',
    });
  });

  it('does not sleep through a Retry-After longer than the policy allows', async () => {
    const api = fakeGraphSession(microsoft, ADMIN, { retry: { maxRetryAfterMs: 10_000 } });
    microsoft.failNext(USERS, 429, { retryAfterSeconds: 3600 });
    const started = Date.now();
    expect(await failureOf(api.get(USERS))).toMatchObject({ kind: 'rate_limited' });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(paths()).toEqual([`429 ${USERS}`]);
  });

  it('refreshes once on a 401, repeats the call, and hands the new grant to onTokens', async () => {
    const stored: MicrosoftGrant[] = [];
    // A grant whose access token Graph refuses; its refresh token still works.
    const fresh = microsoft.issueGrant({ email: ADMIN });
    const api = new GraphApi(
      fakeMicrosoftConfig(microsoft),
      microsoft.tenant().id,
      { ...fresh, accessToken: 'not-a-token' },
      { ...FAST, onTokens: (g) => void stored.push(g) },
    );
    await getOrg(api);
    expect(paths()).toEqual([
      '401 /v1.0/organization',
      `200 /${microsoft.tenant().id}/oauth2/v2.0/token`,
      '200 /v1.0/organization',
    ]);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.refreshToken).not.toBe(fresh.refreshToken);
    expect(api.grant).toEqual(stored[0]);
  });

  it('refreshes a token about to expire before using it', async () => {
    const issued = microsoft.issueGrant({ email: ADMIN });
    const api = new GraphApi(fakeMicrosoftConfig(microsoft), microsoft.tenant().id, {
      ...issued,
      expiresAt: new Date(Date.now() + 30_000),
    });
    await getOrg(api);
    expect(paths()).toEqual([
      `200 /${microsoft.tenant().id}/oauth2/v2.0/token`,
      '200 /v1.0/organization',
    ]);
  });

  it('shares one refresh between calls running at once', async () => {
    const issued = microsoft.issueGrant({ email: ADMIN });
    const api = new GraphApi(fakeMicrosoftConfig(microsoft), microsoft.tenant().id, {
      ...issued,
      accessToken: 'stale',
    });
    await Promise.all([getOrg(api), getOrg(api), getOrg(api)]);
    expect(paths().filter((p) => p.endsWith('/token'))).toHaveLength(1);
  });

  it('gives invalid_token when the refresh answers invalid_grant (tokens expired)', async () => {
    const api = fakeGraphSession(microsoft, ADMIN);
    microsoft.expireTokens();
    expect(await failureOf(getOrg(api))).toEqual({
      kind: 'invalid_token',
      httpStatus: 400,
      code: 'invalid_grant',
    });
  });

  it('gives invalid_token when a 401 survives the refresh, or when there is no refresh token', async () => {
    microsoft.setAccessTokenLifetime(0);
    const api = fakeGraphSession(microsoft, ADMIN);
    expect(await failureOf(getOrg(api))).toMatchObject({ kind: 'invalid_token', httpStatus: 401 });
    microsoft.setAccessTokenLifetime(3600);
    const noRefresh = fakeGraphSession(microsoft, ADMIN, { scopes: ['Directory.Read.All'] });
    microsoft.expireTokens();
    expect(await failureOf(getOrg(noRefresh))).toMatchObject({ kind: 'invalid_token' });
  });

  it('gives permission_missing for a 403 Authorization_RequestDenied', async () => {
    const api = fakeGraphSession(microsoft, ADMIN, {
      scopes: ['offline_access', 'Policy.Read.All'],
    });
    expect(await failureOf(api.get(USERS))).toEqual({
      kind: 'permission_missing',
      httpStatus: 403,
      code: 'Authorization_RequestDenied',
    });
  });

  it('gives license_missing on a tenant without P1', async () => {
    microsoft.setPremium(false);
    const api = fakeGraphSession(microsoft, ADMIN);
    expect(await failureOf(api.get('/v1.0/auditLogs/signIns'))).toEqual({
      kind: 'license_missing',
      httpStatus: 403,
      code: 'Authentication_RequestFromNonPremiumTenantOrB2CTenant',
    });
  });
});
