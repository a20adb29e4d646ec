import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_CLIENT } from '../test-client';
import { type FakeMeta, startFakeMeta } from './fake-meta';
import { graphGet } from './test-requests';
import { proofOf } from './tokens';

let meta: FakeMeta;
beforeAll(async () => {
  meta = await startFakeMeta({
    businesses: [{ id: '111', name: 'Brightwave Studio', twoFactorType: 'none' }],
  });
});
afterAll(() => meta.close());
beforeEach(() => meta.reset());

const control = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(new URL(path, meta.url), {
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary control JSON
  return { status: res.status, body: (await res.json()) as any };
};

const setTwoFactor = (token: string, value: string) =>
  fetch(`${meta.url}/v24.0/111`, {
    method: 'POST',
    body: new URLSearchParams({
      two_factor_type: value,
      access_token: token,
      appsecret_proof: proofOf(TEST_CLIENT.secret, token),
    }),
  });

describe('fake Meta: test controls', () => {
  it('over HTTP: issue a token, refuse the two-factor change, then allow it again', async () => {
    const { body: issued } = await control('POST', '/__fake/tokens', {});
    const refusal = {
      code: 10,
      message: '(#10) Application does not have permission for this action',
      error_user_title: 'Not allowed',
      error_user_msg: 'Only a business admin can change this setting.',
    };
    expect((await control('POST', '/__fake/refuse-two-factor', { error: refusal })).status).toBe(
      200,
    );
    const refused = await setTwoFactor(issued.accessToken, 'all_required');
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: unknown }).error).toMatchObject({
      ...refusal,
      type: 'OAuthException',
    });

    await control('POST', '/__fake/refuse-two-factor', { error: null });
    expect(await (await setTwoFactor(issued.accessToken, 'all_required')).json()).toEqual({
      success: true,
    });
    const { body } = await control('GET', '/__fake/businesses');
    expect(body.businesses[0].twoFactorType).toBe('all_required');
    expect((await control('POST', '/__fake/refuse-two-factor', { error: 'no' })).status).toBe(400);
  });

  it('fails the next requests to a path with a Meta error code, then answers normally', async () => {
    const { accessToken } = meta.issueToken();
    await control('POST', '/__fake/fail-next', {
      path: '/v24.0/me/businesses',
      code: 17,
      times: 2,
    });
    const first = await graphGet(meta.url, '/v24.0/me/businesses', accessToken);
    expect(first.body.error).toMatchObject({
      code: 17,
      message: '(#17) User request limit reached',
    });
    expect((await graphGet(meta.url, '/v24.0/me/businesses', accessToken)).body.error.code).toBe(
      17,
    );
    expect((await graphGet(meta.url, '/v24.0/me/businesses', accessToken)).status).toBe(200);
  });

  it('revokes a permission, expires tokens, logs requests, and resets to the start', async () => {
    const { accessToken } = meta.issueToken();
    await control('POST', '/__fake/revoke-permission', { name: 'business_management' });
    expect((await graphGet(meta.url, '/v24.0/me/businesses', accessToken)).body.error.code).toBe(
      200,
    );
    await control('POST', '/__fake/expire-tokens');
    expect(
      (await graphGet(meta.url, '/v24.0/me/businesses', accessToken)).body.error,
    ).toMatchObject({ code: 190, error_subcode: 463 });
    const { body: log } = await control('GET', '/__fake/requests');
    expect(log.requests.map((r: { status: number }) => r.status)).toEqual([403, 400]);
    expect(log.requests[0]).toMatchObject({ method: 'GET', path: '/v24.0/me/businesses' });

    await control('POST', '/__fake/reset');
    expect((await control('GET', '/__fake/requests')).body.requests).toEqual([]);
    // Tokens are gone with the reset.
    expect(
      (await graphGet(meta.url, '/v24.0/me/businesses', accessToken)).body.error,
    ).toMatchObject({ code: 190 });
  });

  it('answers 404 to an unknown control and 400 to a body that is not JSON', async () => {
    expect((await control('POST', '/__fake/nothing')).status).toBe(404);
    const res = await fetch(`${meta.url}/__fake/fail-next`, { method: 'POST', body: '{' });
    expect(res.status).toBe(400);
  });
});
