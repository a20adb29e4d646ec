import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGoogle, startFakeGoogle } from './fake-google';
import { getJson } from './get-json';
import { buildWorkspace } from './world';

const ADMIN = 'root.admin@acme.test';
const USERS = '/admin/directory/v1/users?customer=my_customer';

let google: FakeGoogle;
beforeAll(async () => {
  google = await startFakeGoogle({
    workspace: { domain: 'acme.test', users: [{ email: ADMIN, isAdmin: true }] },
  });
});
afterAll(() => google.close());

const control = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(new URL(path, google.url), {
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe('fake Google: test controls', () => {
  it('builds the same world from the same seed, and another from another seed', () => {
    const a = buildWorkspace({
      domain: 'x.test',
      userCount: 50,
      seed: 9,
      now: '2026-06-01T00:00:00Z',
    });
    const b = buildWorkspace({
      domain: 'x.test',
      userCount: 50,
      seed: 9,
      now: '2026-06-01T00:00:00Z',
    });
    const c = buildWorkspace({
      domain: 'x.test',
      userCount: 50,
      seed: 10,
      now: '2026-06-01T00:00:00Z',
    });
    expect(b.users).toEqual(a.users);
    expect(b.activities).toEqual(a.activities);
    expect(c.users).not.toEqual(a.users);
  });

  it('fails the next requests to a path with the given status, then answers normally', async () => {
    const { accessToken } = google.issueGrant({ email: ADMIN });
    google.failNext('/admin/directory/v1/users', 503, { times: 2 });
    expect((await getJson(google.url, USERS, accessToken)).status).toBe(503);
    const second = await getJson(google.url, USERS, accessToken);
    expect(second.status).toBe(503);
    expect(second.body.error.status).toBe('UNAVAILABLE');
    expect((await getJson(google.url, USERS, accessToken)).status).toBe(200);
  });

  it('logs method, path, query and status of every API request', async () => {
    google.clearRequests();
    await getJson(google.url, `${USERS}&maxResults=3`, 'nope');
    expect(google.requests()).toEqual([
      {
        method: 'GET',
        path: '/admin/directory/v1/users',
        query: { customer: 'my_customer', maxResults: '3' },
        status: 401,
        at: expect.any(Number),
        workMs: expect.any(Number),
      },
    ]);
  });

  it('expires every access token issued so far on request', async () => {
    const { accessToken } = google.issueGrant({ email: ADMIN });
    google.expireAccessTokens();
    expect((await getJson(google.url, USERS, accessToken)).status).toBe(401);
  });

  it('offers the same controls over HTTP under /__fake/, outside the request log', async () => {
    google.clearRequests();
    await control('POST', '/__fake/world', {
      domain: 'other.test',
      users: [{ email: 'boss@other.test', isAdmin: true }, { email: 'kim@other.test' }],
    });
    expect((await control('GET', '/__fake/world')).body).toMatchObject({
      domain: 'other.test',
      userCount: 2,
      admins: ['boss@other.test'],
    });
    const grant = await control('POST', '/__fake/grants', { email: 'boss@other.test' });
    const token = String(grant.body.accessToken);
    expect((await getJson(google.url, USERS, token)).body.users).toHaveLength(2);

    await control('POST', '/__fake/fail-next', { path: '/admin/', status: 429 });
    expect((await getJson(google.url, USERS, token)).status).toBe(429);
    await control('POST', '/__fake/revoke-all');
    expect((await getJson(google.url, USERS, token)).status).toBe(401);

    const log = await control('GET', '/__fake/requests');
    expect((log.body.requests as { status: number }[]).map((r) => r.status)).toEqual([
      200, 429, 401,
    ]);
    expect((await control('POST', '/__fake/latency', { ms: -1 })).status).toBe(400);
  });
});
