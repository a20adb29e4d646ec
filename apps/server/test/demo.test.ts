import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { appUrlFromEnv } from './fakes/app-url';
import { demoFakePorts } from './fakes/demo-fakes';

// `npm run demo` (scripts/demo.ts) on a port of its own: the built server and every fake, whose
// connect flows must go through to the end without a redirect_uri_mismatch.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const FAKE_OFFSETS = Object.values(demoFakePorts(0));

async function isFree(port: number) {
  const probe = net.createServer();
  const free = await new Promise<boolean>((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (free) await new Promise((resolve) => probe.close(resolve));
  return free;
}

/** A port, not 3000, that is free together with the fakes' ports after it. */
async function freeDemoPort() {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const ports = [port, ...FAKE_OFFSETS.map((offset) => port + offset)];
    if ((await Promise.all(ports.map(isFree))).every(Boolean)) return port;
  }
}

/** The cookies the app set, sent back on every request to it. */
function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    keep(res: Response) {
      for (const line of res.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
    },
  };
}

/** The fake's consent form as a browser would submit it untouched: hidden fields, ticked boxes. */
function consentForm(html: string, pageUrl: string) {
  const decode = (text: string) => text.replaceAll('&amp;', '&').replaceAll('&quot;', '"');
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no form on the page:\n${html}`);
  const fields = new URLSearchParams();
  for (const [, tag = ''] of html.matchAll(/<input ([^>]*)>/g)) {
    const attribute = (name: string) =>
      decode(new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1] ?? '');
    const type = attribute('type');
    if (type === 'hidden' || (type === 'checkbox' && /\bchecked\b/.test(tag))) {
      fields.append(attribute('name'), attribute('value'));
    }
  }
  return { url: new URL(decode(action), pageUrl).toString(), fields };
}

describe('npm run demo', () => {
  let demo: ChildProcess;
  let appUrl: string;
  let port: number;
  const lines: string[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'castellan-demo-'));

  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/build.mjs', 'server', '--quiet'], { cwd: ROOT });
    port = await freeDemoPort();
    appUrl = `http://localhost:${port}`;
    const { NODE_ENV: _mode, PUBLIC_URL: _url, APP_URL: _app, ...inherited } = process.env;
    demo = spawn(process.execPath, ['--import', 'tsx', 'scripts/demo.ts', '--no-build'], {
      cwd: ROOT,
      env: {
        ...inherited,
        PORT: String(port),
        DATA_DIR: dataDir,
        WEB_DIST_DIR: inject('webDistDir'),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
      // A group of its own, so that a failed run can end it with its children.
      detached: true,
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(lines.join('\n'))), 60_000);
      demo.once('exit', (code) =>
        reject(new Error(`the demo exited (${code}):\n${lines.join('\n')}`)),
      );
      createInterface({ input: demo.stdout as NodeJS.ReadableStream }).on('line', (line) => {
        lines.push(line);
        if (line.startsWith('Ready:')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  }, 120_000);

  afterAll(() => {
    if (demo.exitCode === null) process.kill(-(demo.pid ?? 0), 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Signs in as a demo user through test login and returns the cookies. */
  async function signIn(email: string) {
    const jar = cookieJar();
    const res = await fetch(`${appUrl}/api/auth/test-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: appUrl },
      body: JSON.stringify({ email }),
    });
    expect(res.status).toBe(200);
    jar.keep(res);
    return jar;
  }

  /** A request to the app with the jar's cookies, not following redirects. */
  async function app(jar: ReturnType<typeof cookieJar>, url: string) {
    const res = await fetch(new URL(url, appUrl), {
      headers: { cookie: jar.header() },
      redirect: 'manual',
    });
    jar.keep(res);
    return res;
  }

  /** From the app's connect address to the app's callback, through the fake's consent page. */
  async function connect(
    jar: ReturnType<typeof cookieJar>,
    start: string,
    fill: (fields: URLSearchParams, html: string) => void,
  ) {
    const toFake = await app(jar, start);
    expect(toFake.status).toBe(302);
    const consentUrl = toFake.headers.get('location') ?? '';
    const consent = await fetch(consentUrl);
    const html = await consent.text();
    expect(html).not.toMatch(/redirect_uri_mismatch|does not match the redirect URIs|URL Blocked/);
    expect(consent.status).toBe(200);
    const form = consentForm(html, consentUrl);
    fill(form.fields, html);
    const back = await fetch(form.url, { method: 'POST', body: form.fields, redirect: 'manual' });
    const callback = back.headers.get('location') ?? '';
    expect(callback.startsWith(`${appUrl}/api/`), callback).toBe(true);
    expect(callback).not.toMatch(/[?&]error=/);
    const landed = await app(jar, callback);
    expect(landed.status).toBe(302);
    return landed.headers.get('location');
  }

  const statusOf = async (jar: ReturnType<typeof cookieJar>, id: string) => {
    const res = await app(jar, '/api/integrations');
    return ((await res.json()) as Record<string, { status: string }>)[id]?.status;
  };

  it('says first what to open and whom to sign in as', () => {
    const head = lines.slice(0, 8).join('\n');
    expect(head).toContain(`Open ${appUrl}/test-login`);
    expect(head).toContain('Alice Morgan');
    expect(head).toContain('Olivia Parker');
    expect(lines).toContain(`Ready: open ${appUrl}/test-login`);
  });

  it('connects Google Workspace through the fake Google', async () => {
    const alice = await signIn('alice.morgan@brightwave.example');
    const landing = await connect(alice, '/api/google/integrate', (fields) => {
      fields.set('email', 'alice.morgan@brightwave.example');
      fields.set('action', 'allow');
    });
    expect(landing).toBe('/integrations?gws=true');
    expect(await statusOf(alice, 'gws')).toBe('connected');
  });

  it('connects Microsoft 365 through the fake Microsoft', async () => {
    const olivia = await signIn('olivia.parker@tidewater.example');
    const landing = await connect(olivia, '/api/microsoft/integration', (fields, html) => {
      const account = /<option value="([^"]+)"[^>]*>Olivia Parker/.exec(html)?.[1] ?? '';
      fields.set('account', account);
      fields.set('action', 'accept');
    });
    expect(landing).toBe('/integrations?m365=true');
    expect(await statusOf(olivia, 'm365')).toBe('connected');
  });

  it('connects Meta through the fake Meta', async () => {
    const alice = await signIn('alice.morgan@brightwave.example');
    const landing = await connect(alice, '/api/facebook/auth', (fields) => {
      fields.set('action', 'continue');
    });
    expect(landing).toBe('/facebook-success');
    expect(await statusOf(alice, 'meta')).toBe('connected');
  });

  it('stops the app and every fake on SIGTERM', async () => {
    const exited = new Promise((resolve) => demo.once('exit', resolve));
    demo.kill('SIGTERM');
    expect(await exited).toBe(0);
    const ports = [port, ...FAKE_OFFSETS.map((offset) => port + offset)];
    expect(await Promise.all(ports.map(isFree))).toEqual(ports.map(() => true));
  }, 20_000);
});

describe('the fakes’ idea of the app’s address', () => {
  it('is the server’s own default when no APP_URL is given', () => {
    expect(appUrlFromEnv({})).toBe('http://localhost:3000');
    expect(appUrlFromEnv({ PORT: '4000' })).toBe('http://localhost:4000');
    expect(appUrlFromEnv({ PUBLIC_URL: 'https://castellan.example.com/' })).toBe(
      'https://castellan.example.com',
    );
    expect(appUrlFromEnv({ APP_URL: 'http://127.0.0.1:3100', PORT: '4000' })).toBe(
      'http://127.0.0.1:3100',
    );
  });
});
