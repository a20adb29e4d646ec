// The real server, as `npm start` runs it (the esbuild bundle of `apps/server/src/main.ts`, which
// the tests' global setup rebuilds when its sources changed), in a child process of its own, on a
// database a test prepared, for tests that kill it the way a crash or the OOM killer would.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { inject } from 'vitest';
import { freePort } from './free-port';
import { TEST_SERVER_NODE_FLAGS } from './server-flags';
import { PRODUCT_DOMAIN, TEST_ENCRYPTION_KEY } from './test-app';

const ROOT = path.resolve(import.meta.dirname, '../../..');
/** The esbuild bundle `npm start` runs (`scripts/build.mjs server`). */
export const BUILT_MAIN = path.join(ROOT, 'apps/server/dist/main.js');

export type ServerProcess = {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** SIGKILL to the whole process group: nothing gets to clean up. */
  kill(): Promise<void>;
};

/**
 * Starts the server on `database` (DATABASE_URL or DATA_DIR), with `env` on top of the tests'
 * settings, and waits for its health check.
 */
export async function startServerProcess(
  database: { databaseUrl: string } | { dataDir: string },
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...inherited } = process.env;
  const child: ChildProcess = spawn(process.execPath, [...TEST_SERVER_NODE_FLAGS, BUILT_MAIN], {
    cwd: ROOT,
    env: {
      ...inherited,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'silent',
      PRODUCT_DOMAIN,
      TEST_LOGIN: '1',
      DEMO_DATA: '1',
      ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      WEB_DIST_DIR: inject('webDistDir'),
      ...('databaseUrl' in database
        ? { DATABASE_URL: database.databaseUrl }
        : { DATA_DIR: database.dataDir }),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  const kill = async () => {
    try {
      process.kill(-(child.pid ?? 0), 'SIGKILL');
    } catch {
      // already gone
    }
    await exited;
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const res = await fetch(`${origin}/api/health`).catch(() => null);
    if (res?.ok) return { origin, kill };
    if (Date.now() > deadline) {
      await kill();
      throw new Error('the server did not start within 60 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Signs in as a demo member of the server at `origin` (test login); answers the Cookie header. */
export async function signInOver(origin: string, email: string): Promise<string> {
  const res = await fetch(`${origin}/api/auth/test-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email }),
  });
  if (res.status !== 200) throw new Error(`test login as ${email} answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
