import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INDEX_HTML_MARKER } from './global-setup';
import { type ServerProcess, startServerProcess } from './server-process';

// The server as `npm start` runs it: the esbuild bundle, which must find its migrations, the
// sample report and the web build from dist/ and take its packages from node_modules.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const build = (...args: string[]) =>
  execFileSync(process.execPath, ['scripts/build.mjs', ...args], { cwd: ROOT, encoding: 'utf8' });

describe('the built server', () => {
  let server: ServerProcess | undefined;
  let dataDir: string;
  let url: string;

  beforeAll(async () => {
    build('server', '--quiet');
    dataDir = mkdtempSync(path.join(tmpdir(), 'castellan-built-'));
    server = await startServerProcess({ dataDir }, {}, { built: true });
    url = server.origin;
  }, 120_000);

  afterAll(async () => {
    await server?.kill();
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
