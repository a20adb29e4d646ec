import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type FakeGoogle, startFakeGoogle } from '../../../../test/fakes/google/fake-google';
import { TEST_CLIENT } from '../../../../test/fakes/test-client';
import { freePort } from '../../../../test/free-port';
import { BUILT_MAIN } from '../../../../test/server-process';
import { ALICE } from '../../../../test/test-app';

// The whole server in its own process, killed in the middle of a Google Workspace sync: after a
// restart on the same data, the interrupted sync runs again and completes.

const ROOT = path.resolve(import.meta.dirname, '../../../../../..');
const DOMAIN = 'brightwave.example';

async function waitFor<T>(what: string, probe: () => Promise<T | null>, seconds = 60): Promise<T> {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value !== null) return value;
    if (Date.now() > until) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** `name=value` pairs of a response's cookies. */
const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

describe('a Google Workspace sync cut off by a crash', () => {
  let google: FakeGoogle;
  let server: ChildProcess | null = null;
  let port: number;
  let dataDir: string;
  const app = () => `http://127.0.0.1:${port}`;

  const start = async () => {
    server = spawn(process.execPath, [BUILT_MAIN], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: app(),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: inject('webDistDir'),
        GOOGLE_CLIENT_ID: TEST_CLIENT.id,
        GOOGLE_CLIENT_SECRET: TEST_CLIENT.secret,
        GOOGLE_API_BASE_URL: google.url,
        // A real issuer is not needed: sign-in here is the test login.
        GOOGLE_ISSUER: google.url,
      },
      stdio: 'ignore',
      detached: true,
    });
    await waitFor('the server', async () =>
      (await fetch(`${app()}/api/health`)).ok ? true : null,
    );
  };

  beforeAll(async () => {
    port = await freePort();
    dataDir = mkdtempSync(path.join(tmpdir(), 'castellan-crash-'));
    google = await startFakeGoogle({
      redirectUris: [`http://127.0.0.1:${port}/api/google/integrate/callback`],
      workspace: { domain: DOMAIN, userCount: 30, users: [{ email: ALICE, isAdmin: true }] },
    });
    await start();
  }, 90_000);

  afterAll(async () => {
    if (server?.pid) process.kill(-server.pid, 'SIGTERM');
    await google?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs again after a restart and completes', { timeout: 180_000 }, async () => {
    const login = await fetch(`${app()}/api/auth/test-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app() },
      body: JSON.stringify({ email: ALICE }),
    });
    expect(login.status).toBe(200);
    const session = cookiesOf(login);
    type Card = { status: string; lastScan: string | null; sync: { state: string } };
    const gws = async (): Promise<Card> => {
      const res = await fetch(`${app()}/api/integrations`, { headers: { cookie: session } });
      return ((await res.json()) as { gws: Card }).gws;
    };

    // Connect through the fake's consent screen, with every Google answer slowed down.
    const integrate = await fetch(`${app()}/api/google/integrate`, {
      headers: { cookie: session },
      redirect: 'manual',
    });
    const html = await (await fetch(integrate.headers.get('location') ?? '')).text();
    const form = new URLSearchParams({
      interaction: /name="interaction" value="([^"]+)"/.exec(html)?.[1] ?? '',
      email: ALICE,
      action: 'allow',
    });
    for (const [, scope] of html.matchAll(/name="scope" value="([^"]+)"/g))
      form.append('scope', scope ?? '');
    const approved = await fetch(`${google.url}/o/oauth2/v2/auth/approve`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    google.setLatencyMs(1_500);
    const back = await fetch(approved.headers.get('location') ?? '', {
      headers: { cookie: `${session}; ${cookiesOf(integrate)}` },
      redirect: 'manual',
    });
    expect(back.headers.get('location')).toBe('/integrations?gws=true');

    // The first sync is under way: kill the server without warning.
    await waitFor('the sync to run', async () =>
      (await gws()).sync.state === 'running' ? true : null,
    );
    const pid = server?.pid ?? 0;
    process.kill(-pid, 'SIGKILL');
    await waitFor('the server to be gone', async () => {
      try {
        await fetch(`${app()}/api/health`);
        return null;
      } catch {
        return true;
      }
    });
    expect(google.requests().length).toBeGreaterThan(0);
    google.setLatencyMs(0);

    await start();
    const synced = await waitFor(
      'the sync to complete',
      async () => {
        const now = await gws();
        return now.lastScan ? now : null;
      },
      90,
    );
    expect(synced).toMatchObject({ status: 'connected', sync: { state: 'idle', error: null } });
    const count = await fetch(`${app()}/api/integrations/google-workspace/super-admin-count`, {
      headers: { cookie: session },
    });
    expect(await count.json()).toEqual({ count: expect.any(Number) });
  });
});
