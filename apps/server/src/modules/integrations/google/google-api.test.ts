import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeGoogle, startFakeGoogle } from '../../../../test/fakes/google/fake-google';
import { FAST, fakeGoogleConfig, fakeGoogleSession } from '../../../../test/google-api-session';
import { GoogleApi, type GoogleApiError, type GoogleGrant } from '.';
import { listUsers } from './directory';

const ADMIN = 'ada.admin@acme.test';
const MEMBER = 'mo.member@acme.test';
const AUTH = 'https://www.googleapis.com/auth/';
const USERS_PATH = '/admin/directory/v1/users';
const LOGIN_PATH = '/admin/reports/v1/activity/users/all/applications/login';

let google: FakeGoogle;
beforeAll(async () => {
  google = await startFakeGoogle({
    workspace: {
      domain: 'acme.test',
      seed: 5,
      userCount: 1234,
      users: [{ email: ADMIN, isAdmin: true }, { email: MEMBER }],
    },
  });
});
afterAll(() => google.close());
beforeEach(() => {
  google.clearRequests();
  google.setAccessTokenLifetime(null);
});

const getUsers = (api: GoogleApi) =>
  api.getJson('admin', USERS_PATH, { customer: 'my_customer', maxResults: 1 });
const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: GoogleApiError) => ({ kind: err.kind, httpStatus: err.httpStatus }),
  );
const paths = () => google.requests().map((r) => `${r.status} ${r.path}`);

describe('GoogleApi session', () => {
  it('pages through every user 500 at a time, asking for compact JSON of the fields it reads', async () => {
    const api = fakeGoogleSession(google, ADMIN);
    const emails: string[] = [];
    for await (const user of listUsers(api)) emails.push(user.primaryEmail);
    expect(emails).toEqual(google.world().users.map((u) => u.primaryEmail));
    const calls = google.requests();
    expect(calls).toHaveLength(3);
    expect(calls.map((c) => c.query.maxResults)).toEqual(['500', '500', '500']);
    expect(calls.every((c) => c.query.fields?.startsWith('nextPageToken,users('))).toBe(true);
    expect(calls.every((c) => c.query.prettyPrint === 'false')).toBe(true);
    expect(calls.map((c) => c.query.pageToken ?? null)).toEqual([
      null,
      expect.any(String),
      expect.any(String),
    ]);
  });

  it('reads the next page ahead and throws its failure when the caller gets to it', async () => {
    const api = fakeGoogleSession(google, ADMIN, { retry: { attempts: 1 } });
    google.failNext(USERS_PATH, 503, { after: 1 });
    const pages = api.pages('admin', USERS_PATH, { customer: 'my_customer', maxResults: 500 });
    await pages.next();
    // While the caller works on the first page, the second is asked for, and fails.
    await vi.waitFor(() => expect(paths()).toEqual([`200 ${USERS_PATH}`, `503 ${USERS_PATH}`]));
    await expect(pages.next()).rejects.toMatchObject({ kind: 'unavailable', httpStatus: 503 });
  });

  it('refreshes an expired access token before the call and hands the new one to onTokens', async () => {
    const issued = google.issueGrant({ email: ADMIN });
    const stored: GoogleGrant[] = [];
    const api = new GoogleApi(
      fakeGoogleConfig(google),
      { ...issued, expiresAt: new Date(Date.now() - 1000) },
      { ...FAST, onTokens: (g) => void stored.push(g) },
    );
    await getUsers(api);
    expect(paths()).toEqual(['200 /token', `200 ${USERS_PATH}`]);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.accessToken).not.toBe(issued.accessToken);
    expect(stored[0]?.refreshToken).toBe(issued.refreshToken);
    expect(api.grant).toEqual(stored[0]);
  });

  it('refreshes once on a 401 and repeats the call', async () => {
    const api = fakeGoogleSession(google, ADMIN);
    google.expireAccessTokens();
    await getUsers(api);
    expect(paths()).toEqual([`401 ${USERS_PATH}`, '200 /token', `200 ${USERS_PATH}`]);
  });

  it('shares one refresh between calls running at once', async () => {
    const api = fakeGoogleSession(google, ADMIN);
    google.expireAccessTokens();
    await Promise.all([getUsers(api), getUsers(api), getUsers(api)]);
    expect(paths().filter((p) => p.endsWith('/token'))).toHaveLength(1);
  });

  it('gives invalid_token when a 401 survives the refresh', async () => {
    const api = fakeGoogleSession(google, ADMIN);
    google.setAccessTokenLifetime(0);
    google.expireAccessTokens();
    expect(await failureOf(getUsers(api))).toEqual({ kind: 'invalid_token', httpStatus: 401 });
    expect(paths()).toEqual([`401 ${USERS_PATH}`, '200 /token', `401 ${USERS_PATH}`]);
  });

  it('gives invalid_token when the refresh answers invalid_grant (grant revoked)', async () => {
    const api = fakeGoogleSession(google, ADMIN);
    google.revokeAll();
    expect(await failureOf(getUsers(api))).toEqual({ kind: 'invalid_token', httpStatus: 400 });
  });

  it('gives permission_missing for a scope that was not granted (403 insufficientPermissions)', async () => {
    const api = fakeGoogleSession(google, ADMIN, {
      scopes: [`${AUTH}admin.reports.audit.readonly`],
    });
    expect(await failureOf(getUsers(api))).toEqual({ kind: 'permission_missing', httpStatus: 403 });
    const cloud = fakeGoogleSession(google, ADMIN, {
      scopes: [`${AUTH}admin.reports.audit.readonly`],
    });
    expect(await failureOf(cloud.getJson('cloudIdentity', '/v1/policies', {}))).toEqual({
      kind: 'permission_missing',
      httpStatus: 403,
    });
  });

  it('gives permission_missing to a non-admin: Directory 403 forbidden, Reports 401 without a refresh', async () => {
    const api = fakeGoogleSession(google, MEMBER);
    expect(await failureOf(getUsers(api))).toEqual({ kind: 'permission_missing', httpStatus: 403 });
    google.clearRequests();
    expect(await failureOf(api.getJson('admin', LOGIN_PATH, {}))).toEqual({
      kind: 'permission_missing',
      httpStatus: 401,
    });
    expect(paths()).toEqual([`401 ${LOGIN_PATH}`]);
  });

  it('retries 429 and 503 with backoff until an answer comes', async () => {
    const api = fakeGoogleSession(google, ADMIN);
    google.failNext(USERS_PATH, 429);
    google.failNext(USERS_PATH, 503, { times: 2 });
    await getUsers(api);
    expect(paths()).toEqual([
      `429 ${USERS_PATH}`,
      `503 ${USERS_PATH}`,
      `503 ${USERS_PATH}`,
      `200 ${USERS_PATH}`,
    ]);
  });

  it('gives rate_limited or unavailable once the attempts run out', async () => {
    const api = fakeGoogleSession(google, ADMIN, { retry: { attempts: 3, baseDelayMs: 1 } });
    google.failNext(USERS_PATH, 429, { times: 3 });
    expect(await failureOf(getUsers(api))).toEqual({ kind: 'rate_limited', httpStatus: 429 });
    google.failNext(USERS_PATH, 500, { times: 3 });
    expect(await failureOf(getUsers(api))).toEqual({ kind: 'unavailable', httpStatus: 500 });
    expect(google.requests()).toHaveLength(6);
  });

  it('does not wait for a Retry-After longer than it allows', async () => {
    const api = fakeGoogleSession(google, ADMIN, { retry: { maxRetryAfterMs: 1000 } });
    google.failNext(USERS_PATH, 429, { retryAfterSeconds: 120 });
    expect(await failureOf(getUsers(api))).toEqual({ kind: 'rate_limited', httpStatus: 429 });
    expect(google.requests()).toHaveLength(1);
  });

  it('waits between policy pages so Google does not answer 429', async () => {
    google.setPolicyMinGapMs(30);
    try {
      const patient = fakeGoogleSession(google, ADMIN, { policyPageGapMs: 60 });
      const query = { pageSize: 3 };
      let pages = 0;
      for await (const _ of patient.pages('cloudIdentity', '/v1/policies', query, { gapMs: 60 }))
        pages += 1;
      expect(pages).toBeGreaterThan(2);
      expect(google.requests().every((r) => r.status === 200)).toBe(true);
    } finally {
      google.setPolicyMinGapMs(0);
    }
  });

  it('retries the 429 Google gives to pages back to back', async () => {
    google.setPolicyMinGapMs(20);
    try {
      const hasty = fakeGoogleSession(google, ADMIN, { retry: { attempts: 8, baseDelayMs: 10 } });
      let pages = 0;
      for await (const _ of hasty.pages('cloudIdentity', '/v1/policies', { pageSize: 3 }))
        pages += 1;
      expect(pages).toBeGreaterThan(2);
      expect(google.requests().some((r) => r.status === 429)).toBe(true);
    } finally {
      google.setPolicyMinGapMs(0);
    }
  });
});
