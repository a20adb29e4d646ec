import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakeBitwarden,
  startFakeBitwarden,
} from '../../../../test/fakes/bitwarden/fake-bitwarden';
import { POLICY_TYPE } from '../../../../test/fakes/bitwarden/world';
import { BitwardenApi } from './bitwarden-api';
import type { BitwardenApiError } from './bitwarden-api-error';
import { type BitwardenKey, bitwardenKeyOf } from './bitwarden-key';
import { type BitwardenClientConfig, bitwardenUrl } from './client-config';

const FAST = { retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 2 } };

let fake: FakeBitwarden;
let cfg: BitwardenClientConfig;
beforeAll(async () => {
  fake = await startFakeBitwarden({
    organization: {
      members: [
        {
          email: 'Alice.Morgan@Brightwave.example',
          name: 'Alice',
          type: 'owner',
          twoFactorEnabled: true,
        },
        { email: 'ben@brightwave.example', name: 'Ben', status: 'accepted' },
        { email: 'emma@brightwave.example', status: 'invited', type: 'user' },
        { email: 'hiro@brightwave.example', status: 'revoked', type: 'admin' },
      ],
      policies: [
        { type: POLICY_TYPE.twoFactorAuthentication, enabled: true },
        { type: 21, enabled: true, data: { anything: 1 } },
      ],
    },
  });
  cfg = { baseUrl: fake.url, region: 'us', timeoutMs: 5_000 };
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const keyOf = (secret = fake.key.clientSecret): BitwardenKey => {
  const parsed = bitwardenKeyOf({ ...fake.key, clientSecret: secret, region: 'us' });
  if ('problem' in parsed) throw new Error(parsed.problem);
  return parsed.key;
};
const api = (key = keyOf()) => new BitwardenApi(cfg, key, FAST);
const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: BitwardenApiError) => ({ kind: err.kind, status: err.httpStatus }),
  );
const paths = () => fake.requests().map((r) => `${r.method} ${r.path} ${r.status}`);

describe('BitwardenApi', () => {
  it('reads every member in one unpaged list, with integer enums read as names', async () => {
    const members = await api().members();
    expect(members.map(({ id: _, ...m }) => m)).toEqual([
      {
        email: 'Alice.Morgan@Brightwave.example',
        name: 'Alice',
        status: 'confirmed',
        role: 'owner',
        twoFactorEnabled: true,
      },
      {
        email: 'ben@brightwave.example',
        name: 'Ben',
        status: 'accepted',
        role: 'user',
        twoFactorEnabled: false,
      },
      {
        email: 'emma@brightwave.example',
        name: null,
        status: 'invited',
        role: 'user',
        twoFactorEnabled: false,
      },
      {
        email: 'hiro@brightwave.example',
        name: null,
        status: 'revoked',
        role: 'admin',
        twoFactorEnabled: false,
      },
    ]);
    expect(paths()).toEqual(['POST /connect/token 200', 'GET /public/members 200']);
    expect(fake.requests()[0]?.form).toEqual({
      grant_type: 'client_credentials',
      scope: 'api.organization',
      client_id: fake.key.clientId,
    });
    expect(fake.requests()[1]?.auth).toBe('Bearer');
  });

  it('reads the policies, a type it does not know included', async () => {
    expect(await api().policies()).toEqual([
      { type: 0, enabled: true, data: null },
      { type: 21, enabled: true, data: { anything: 1 } },
    ]);
  });

  it('tolerates status and type numbers it does not know, and fields it has never seen', async () => {
    fake.upsertMember({ email: 'new@brightwave.example', status: 7, type: 9, name: 'New' });
    const member = (await api().members()).find((m) => m.email === 'new@brightwave.example');
    expect(member).toMatchObject({ status: 'unknown', role: 'unknown' });
  });

  it('asks for one token per session, and a new one when Bitwarden no longer takes it', async () => {
    const session = api();
    await session.members();
    await session.policies();
    expect(paths().filter((p) => p.includes('/connect/token'))).toHaveLength(1);
    fake.expireTokens();
    fake.clearRequests();
    await session.members();
    expect(paths()).toEqual([
      'GET /public/members 401',
      'POST /connect/token 200',
      'GET /public/members 200',
    ]);
  });

  it('reads a key Bitwarden refuses as invalid_token', async () => {
    expect(await failureOf(api(keyOf('wrong-secret')).members())).toEqual({
      kind: 'invalid_token',
      status: 400,
    });
    fake.setApiEnabled(false);
    expect(await failureOf(api().members())).toEqual({ kind: 'invalid_token', status: 400 });
  });

  it('reads a 401 that a new token does not cure as invalid_token', async () => {
    fake.failNext('/public/members', 401, { times: 2 });
    expect(await failureOf(api().members())).toEqual({ kind: 'invalid_token', status: 401 });
  });

  it('reads a 403 as permission_missing, without retrying', async () => {
    fake.failNext('/public/members', 403);
    expect(await failureOf(api().members())).toEqual({ kind: 'permission_missing', status: 403 });
    expect(paths().filter((p) => p.includes('/public/'))).toHaveLength(1);
  });

  it('waits out a 429 for its Retry-After and goes on', async () => {
    fake.failNext('/public/members', 429, { retryAfterSeconds: 1 });
    const started = Date.now();
    expect(await api().members()).toHaveLength(4);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(paths()).toContain('GET /public/members 429');
  });

  it('gives up as rate_limited when the limit holds, or asks for a wait too long', async () => {
    fake.failNext('/public/members', 429, { times: 3, retryAfterSeconds: 0 });
    expect(await failureOf(api().members())).toEqual({ kind: 'rate_limited', status: 429 });
    fake.failNext('/public/policies', 429, { retryAfterSeconds: 600 });
    expect(await failureOf(api().policies())).toEqual({ kind: 'rate_limited', status: 429 });
  });

  it('is rate limited by the fake’s own limit too', async () => {
    fake.setRateLimit({ limit: 1, windowMs: 60_000 });
    const session = new BitwardenApi(cfg, keyOf(), { retry: { ...FAST.retry, attempts: 1 } });
    await session.members();
    expect(await failureOf(session.policies())).toEqual({ kind: 'rate_limited', status: 429 });
  });

  it('retries 5xx, then reads them as unavailable', async () => {
    fake.failNext('/public/policies', 503);
    expect(await api().policies()).toHaveLength(2);
    fake.failNext('/connect/token', 500, { times: 3 });
    expect(await failureOf(api().members())).toEqual({ kind: 'unavailable', status: 500 });
  });

  it('reads no answer as unavailable', async () => {
    const session = new BitwardenApi({ ...cfg, baseUrl: 'http://127.0.0.1:9' }, keyOf(), FAST);
    expect(await failureOf(session.members())).toEqual({ kind: 'unavailable', status: null });
  });

  it('reads an answer of another shape as failed', async () => {
    const odd = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(
        req.url === '/connect/token'
          ? JSON.stringify({ access_token: 't', expires_in: 3600 })
          : JSON.stringify({ object: 'list', data: [{ id: 'x', status: 'confirmed' }] }),
      );
    });
    await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(odd.address() as AddressInfo).port}`;
    try {
      const session = new BitwardenApi({ ...cfg, baseUrl: url }, keyOf(), FAST);
      expect(await failureOf(session.members())).toEqual({ kind: 'failed', status: 200 });
    } finally {
      odd.close();
    }
  });

  it('calls the real hosts of the chosen cloud without a base URL', () => {
    expect(bitwardenUrl({ baseUrl: null, region: 'eu' }, 'identity', '/connect/token').href).toBe(
      'https://identity.bitwarden.eu/connect/token',
    );
    expect(bitwardenUrl({ baseUrl: null, region: 'us' }, 'api', '/public/members').href).toBe(
      'https://api.bitwarden.com/public/members',
    );
  });
});
