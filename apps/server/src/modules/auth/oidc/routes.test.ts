import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider, TEST_CLIENT } from '../../../../test/fakes/oidc-providers';
import { databaseKinds, expectError, useTestApp } from '../../../../test/test-app';
import { takePendingLogin } from './pending-login';

const APP_URL = 'https://app.castellan.test';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe.each(databaseKinds())('sign-in start on %s', (kind) => {
  let google: { issuer: string; close: () => Promise<void> } | undefined;
  beforeAll(async () => {
    google = await startOidcProvider({ kind: 'google', port: await freePort(), appUrl: APP_URL });
  });
  afterAll(async () => {
    await google?.close();
  });
  const server = useTestApp(kind, {
    env: {
      PUBLIC_URL: APP_URL,
      OIDC_ALLOW_HTTP: '1',
      GOOGLE_CLIENT_ID: TEST_CLIENT.id,
      GOOGLE_CLIENT_SECRET: TEST_CLIENT.secret,
      // Read when the app is built, after the provider has started.
      get GOOGLE_ISSUER() {
        return google?.issuer ?? '';
      },
    },
  });
  const start = (returnTo: string) =>
    server().inject({
      url: `/api/auth/google/login?returnTo=${encodeURIComponent(returnTo)}`,
    });

  it.each([
    ['a tab that browsers strip, leaving //evil.example', '/\t/evil.example'],
    ['a protocol-relative host', '//evil.example'],
    ['a backslash host', '/\\evil.example'],
    ['another origin', 'https://evil.example/'],
    ['a path that normalises to //host', '/a/..//evil.example'],
  ])('refuses %s with 400', async (_, returnTo) => {
    const res = await start(returnTo);
    expect(expectError(res, 400)).toBe('query.returnTo: must be a path of this site');
    expect(res.headers.location).toBeUndefined();
  });

  it('refuses the percent-encoded tab as it arrives in the query', async () => {
    const res = await server().inject({ url: '/api/auth/google/login?returnTo=/%09/evil.example' });
    expectError(res, 400);
  });

  it.each([
    [
      '/integrations?googleWorkspacePermissionsRequired=true',
      '/integrations?googleWorkspacePermissionsRequired=true',
    ],
    ['/a/../tasks?scope=mine#open', '/tasks?scope=mine#open'],
    [`${APP_URL}/settings`, '/settings'],
  ])('keeps %s as the path %s to return to after sign-in', async (returnTo, kept) => {
    const res = await start(returnTo);
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toMatch(new RegExp(`^${google?.issuer}/`));
    const state = res.cookies.find((c) => c.name === 'castellan_oidc_state')?.value ?? '';
    expect(await takePendingLogin(server().database.db, state)).toMatchObject({
      provider: 'google',
      returnTo: kept,
    });
  });
});
