import { describe, expect, it } from 'vitest';
import { ALICE, databaseKinds, expectError, useTestApp } from '../../test/test-app';

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

  it('leaves reading calls alone', async () => {
    const res = await server().inject({
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
  });
});
