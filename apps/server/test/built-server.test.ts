import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AGENT_TARGETS, type AgentDownload } from '@castellan/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INDEX_HTML_MARKER } from './global-setup';
import { type ServerProcess, startServerProcess } from './server-process';

// The server as `npm start` runs it: the esbuild bundle, which must find its migrations, the
// sample report, the web build and the agent builds from dist/ and take its packages from
// node_modules.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const build = (...args: string[]) =>
  execFileSync(process.execPath, ['scripts/build.mjs', ...args], { cwd: ROOT, encoding: 'utf8' });

describe('the built server', () => {
  let server: ServerProcess | undefined;
  let dataDir: string;
  let url: string;

  beforeAll(async () => {
    build('server', 'agent', '--quiet');
    dataDir = mkdtempSync(path.join(tmpdir(), 'castellan-built-'));
    server = await startServerProcess({ dataDir });
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

  it('hands out the agent the build made, for this system and for any with Node.js', async () => {
    const login = await fetch(`${url}/api/auth/test-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ email: 'ben.carter@brightwave.example' }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const res = await fetch(`${url}/api/agent/downloads`, { headers: { cookie } });
    const { downloads } = (await res.json()) as { downloads: AgentDownload[] };
    const here = `${process.platform}-${process.arch}`;
    const built = downloads.filter((d) => d.file).map((d) => d.target);
    expect(built).toContain('node');
    if ((AGENT_TARGETS as readonly string[]).includes(here)) expect(built).toContain(here);
    const code = await fetch(`${url}/api/agent/enrollment-codes`, {
      method: 'POST',
      headers: { cookie, origin: url, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(code.status).toBe(201);
  });

  it('serves the web app', async () => {
    const res = await fetch(`${url}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(INDEX_HTML_MARKER);
  });

  it('is not built again while its sources are unchanged', () => {
    expect(build('server', 'agent')).toBe('server: up to date\nagent: up to date\n');
  });
});
