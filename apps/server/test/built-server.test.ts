import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { INDEX_HTML_MARKER } from './global-setup';
import { freePort } from './server-process';

// The server as `npm start` runs it: the esbuild bundle, which must find its migrations, the
// sample report and the web build from dist/ and take its packages from node_modules.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const build = (...args: string[]) =>
  execFileSync(process.execPath, ['scripts/build.mjs', ...args], { cwd: ROOT, encoding: 'utf8' });

describe('the built server', () => {
  let server: ChildProcess | undefined;
  let dataDir: string;
  let url: string;
  let output = '';

  beforeAll(async () => {
    build('server', '--quiet');
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    dataDir = mkdtempSync(path.join(tmpdir(), 'castellan-built-'));
    server = spawn(process.execPath, ['apps/server/dist/main.js'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: inject('webDistDir'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    };
    server.stdout?.on('data', keep);
    server.stderr?.on('data', keep);
    const until = Date.now() + 90_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server stopped:\n${output}`);
      const ok = await fetch(`${url}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > until) throw new Error(`the server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 120_000);

  afterAll(() => {
    server?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });

  // The demo seed reads the sample report from src/demo: a start that reached /api/health found it.
  it('starts on a new data folder with the demo data', async () => {
    const res = await fetch(`${url}/api/health`);
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok' });
    const login = await fetch(`${url}/api/auth/test-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ email: 'alice.morgan@brightwave.example' }),
    });
    expect(login.status).toBe(200);
  });

  it('serves the web app', async () => {
    const res = await fetch(`${url}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(INDEX_HTML_MARKER);
  });

  it('is not built again while its sources are unchanged', () => {
    expect(build('server')).toBe('server: up to date\n');
  });
});
