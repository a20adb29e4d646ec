import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeBitwarden, startFakeBitwarden } from './fake-bitwarden';
import { POLICY_TYPE } from './world';

let fake: FakeBitwarden;
beforeAll(async () => {
  fake = await startFakeBitwarden({
    organization: {
      members: [
        { email: 'alice@brightwave.example', name: 'Alice', type: 'owner', twoFactorEnabled: true },
        { email: 'emma@brightwave.example', status: 'invited', twoFactorEnabled: true },
      ],
      policies: [{ type: POLICY_TYPE.masterPassword, enabled: true, data: { minLength: 14 } }],
    },
  });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const form = (fields: Record<string, string>) =>
  fetch(`${fake.url}/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
const tokenRequest = (patch: Record<string, string> = {}) =>
  form({
    grant_type: 'client_credentials',
    scope: 'api.organization',
    client_id: fake.key.clientId,
    client_secret: fake.key.clientSecret,
    ...patch,
  });
async function token() {
  const body = (await (await tokenRequest()).json()) as { access_token: string };
  return body.access_token;
}
const get = async (path: string, bearer?: string) =>
  fetch(`${fake.url}${path}`, bearer ? { headers: { authorization: `Bearer ${bearer}` } } : {});

describe('fake Bitwarden identity server', () => {
  it('issues an hour-long bearer token for the organisation key', async () => {
    const res = await tokenRequest();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      access_token: expect.stringMatching(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/),
      expires_in: 3600,
      token_type: 'Bearer',
      scope: 'api.organization',
    });
  });

  it('answers invalid_client for a wrong key or an organisation without API access', async () => {
    const wrong = await tokenRequest({ client_secret: 'nope' });
    expect([wrong.status, await wrong.json()]).toEqual([400, { error: 'invalid_client' }]);
    fake.setApiEnabled(false);
    expect(await (await tokenRequest()).json()).toEqual({ error: 'invalid_client' });
  });

  it('answers the other OAuth errors of a malformed request', async () => {
    expect(await (await tokenRequest({ scope: 'api' })).json()).toEqual({ error: 'invalid_scope' });
    expect(await (await tokenRequest({ grant_type: 'password' })).json()).toEqual({
      error: 'unsupported_grant_type',
    });
  });

  it('never logs the secret', async () => {
    await tokenRequest();
    expect(fake.requests()[0]?.form).not.toHaveProperty('client_secret');
  });
});

describe('fake Bitwarden Public API', () => {
  it('lists every member unpaged in a list envelope, enums as integers', async () => {
    const res = await get('/public/members', await token());
    expect(res.status).toBe(200);
    const body = (await res.json()) as { object: string; data: Record<string, unknown>[] };
    expect(body.object).toBe('list');
    expect(Object.keys(body)).toEqual(['object', 'data']);
    expect(body.data[0]).toEqual({
      object: 'member',
      id: expect.any(String),
      userId: expect.any(String),
      name: 'Alice',
      email: 'alice@brightwave.example',
      twoFactorEnabled: true,
      status: 2,
      type: 0,
      externalId: null,
      resetPasswordEnrolled: false,
      ssoExternalId: null,
      permissions: null,
      collections: null,
    });
    // An invitation has no account yet: no user id, no name, no two-step login.
    expect(body.data[1]).toMatchObject({
      userId: null,
      name: null,
      status: 0,
      twoFactorEnabled: false,
    });
  });

  it('lists the policies set up, and answers one by number or name, a bare 404 when never set', async () => {
    const bearer = await token();
    const list = (await (await get('/public/policies', bearer)).json()) as { data: unknown[] };
    expect(list).toEqual({
      object: 'list',
      data: [
        {
          object: 'policy',
          id: expect.any(String),
          type: 1,
          enabled: true,
          data: { minLength: 14 },
        },
      ],
    });
    expect(await (await get('/public/policies/1', bearer)).json()).toMatchObject({ type: 1 });
    expect(await (await get('/public/policies/masterpassword', bearer)).json()).toMatchObject({
      type: 1,
    });
    const never = await get('/public/policies/0', bearer);
    expect([never.status, await never.text()]).toEqual([404, '']);
    const bad = await get('/public/policies/99', bearer);
    expect([bad.status, await bad.json()]).toEqual([
      400,
      {
        object: 'error',
        message: "The request's model state is invalid.",
        errors: { type: ["The value '99' is not valid."] },
      },
    ]);
  });

  it('refuses a missing or expired bearer token with a bare 401', async () => {
    const none = await get('/public/members');
    expect([none.status, none.headers.get('www-authenticate'), await none.text()]).toEqual([
      401,
      'Bearer',
      '',
    ]);
    const bearer = await token();
    fake.expireTokens();
    const expired = await get('/public/members', bearer);
    expect([expired.status, expired.headers.get('www-authenticate')]).toEqual([
      401,
      'Bearer error="invalid_token"',
    ]);
  });

  it('answers 429 with Retry-After over the read limit, and when a test asks', async () => {
    fake.setRateLimit({ limit: 1, windowMs: 60_000 });
    const bearer = await token();
    expect((await get('/public/members', bearer)).status).toBe(200);
    const limited = await get('/public/policies', bearer);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(59);
    expect(await limited.text()).toMatch(/^API calls quota exceeded!/);
    fake.setRateLimit(null);
    fake.failNext('/public/members', 429, { retryAfterSeconds: 7 });
    expect((await get('/public/members', bearer)).headers.get('retry-after')).toBe('7');
  });

  it('answers forced failures in the error envelope', async () => {
    fake.failNext('/public/', 500);
    const res = await get('/public/members', await token());
    expect([res.status, await res.json()]).toEqual([
      500,
      { object: 'error', message: 'An unhandled server error has occurred.', errors: null },
    ]);
  });

  it('changes its world through the control API', async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${fake.url}/__fake/${path}`, { method: 'POST', body: JSON.stringify(body) });
    expect(
      (await post('members', { email: 'ben@brightwave.example', status: 'accepted' })).status,
    ).toBe(200);
    expect((await post('policies', { type: 0, enabled: true })).status).toBe(200);
    expect((await post('members', { name: 'no e-mail' })).status).toBe(400);
    const { organization } = (await (await fetch(`${fake.url}/__fake/organization`)).json()) as {
      organization: { members: { email: string; status: number }[]; policies: { type: number }[] };
    };
    expect(organization.members.map((m) => [m.email, m.status])).toContainEqual([
      'ben@brightwave.example',
      1,
    ]);
    expect(organization.policies.map((p) => p.type)).toEqual([1, 0]);
  });
});
