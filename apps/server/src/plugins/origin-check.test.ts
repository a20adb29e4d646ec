import { describe, expect, it } from 'vitest';
import { ALICE, BEN, databaseKinds, expectError, useTestApp } from '../../test/test-app';

describe.each(databaseKinds())('cross-site request refusal on %s', (kind) => {
  const server = useTestApp(kind, {
    seed: true,
    env: { PUBLIC_URL: 'https://app.castellan.example' },
  });
  const logout = async (headers: Record<string, string>) =>
    server().inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: await server().signIn(ALICE), ...headers },
    });

  it('refuses a state-changing call whose Origin or Referer is another site', async () => {
    expect(expectError(await logout({ origin: 'https://evil.example' }), 403)).toBe(
      'This request came from another site and was refused.',
    );
    expectError(await logout({ referer: 'https://evil.example/page' }), 403);
    expectError(await logout({ origin: 'null' }), 403);
  });

  it('accepts calls from the app itself, and from clients that send neither header', async () => {
    expect((await logout({ origin: 'https://app.castellan.example' })).statusCode).toBe(200);
    expect((await logout({ referer: 'https://app.castellan.example/settings' })).statusCode).toBe(
      200,
    );
    expect(
      (await logout({ host: 'localhost:3000', origin: 'http://localhost:3000' })).statusCode,
    ).toBe(200);
    expect((await logout({})).statusCode).toBe(200);
  });

  it('refuses a cross-site or same-site Sec-Fetch-Site, and accepts same-origin', async () => {
    expectError(await logout({ 'sec-fetch-site': 'cross-site' }), 403);
    expectError(await logout({ 'sec-fetch-site': 'same-site' }), 403);
    // A foreign Origin counts even when Sec-Fetch-Site claims the same origin.
    expectError(
      await logout({ 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' }),
      403,
    );
    const own = { 'sec-fetch-site': 'same-origin', origin: 'https://app.castellan.example' };
    expect((await logout(own)).statusCode).toBe(200);
    expect((await logout({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });

  it('checks every path: a percent-encoded /api does not slip past', async () => {
    const cookie = await server().signIn(BEN);
    for (const url of ['/%61pi/auth/delete-account', '/%2561pi/auth/delete-account', '/anything']) {
      const res = await server().inject({
        method: 'POST',
        url,
        headers: { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      });
      expect(res.statusCode, url).toBe(403);
    }
    const me = await server().inject({ url: '/api/auth/user-data', headers: { cookie } });
    expect(me.json()).toMatchObject({ email: BEN });
  });

  it('requires application/json on state-changing API calls, even without a body', async () => {
    const cookie = await server().signIn(ALICE);
    // app.inject sends exactly this: no content type, no body, as a plain HTML form post could.
    for (const url of ['/api/auth/logout', '/%61pi/auth/logout']) {
      const res = await server().app.inject({ method: 'POST', url, headers: { cookie } });
      expect(expectError(res, 415), url).toBe('Unsupported content type: send application/json.');
    }
    const formLike = await server().app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, 'content-type': 'text/plain' },
      payload: '',
    });
    expectError(formLike, 415);
    const me = await server().inject({ url: '/api/auth/user-data', headers: { cookie } });
    expect(me.statusCode).toBe(200);

    const json = await server().app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, 'content-type': 'Application/JSON; charset=utf-8' },
    });
    expect(json.statusCode).toBe(200);
  });

  it('leaves reading calls alone', async () => {
    const res = await server().inject({
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
  });
});
