import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AgentCheckResult, CurrentBrowsers } from '@castellan/contract/agent-checks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SUCCEEDED } from '../test/fake-context';
import { FakeServer, MESSAGES } from '../test/fake-server';
import { type CliDeps, runCli } from './cli';

const SERVER = 'https://castellan.example';
const CHECKS: AgentCheckResult[] = [
  { id: 'disk-encryption', verdict: 'pass', evidence: 'LUKS encryption is on for /.' },
  { id: 'firewall', verdict: 'fail', evidence: 'ufw is inactive.' },
  {
    id: 'standard-account',
    verdict: 'unknown',
    evidence: 'Could not read groups.',
    needsAdmin: true,
  },
];
const OK = SUCCEEDED;

let dir: string;
let server: FakeServer;
let deps: CliDeps;
let out: string;
let err: string;
/** Everything printed since the test began, to look for the token in. */
let printed: string;
let clock: number;
let checks: AgentCheckResult[];
let browsersSeen: CurrentBrowsers[];
let commands: string[][];

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'castellan-agent-cli-'));
  server = new FakeServer();
  clock = Date.parse('2026-11-25T12:00:00Z');
  checks = CHECKS;
  browsersSeen = [];
  commands = [];
  printed = '';
  deps = {
    runChecks: async (currentBrowsers) => {
      browsersSeen.push(currentBrowsers);
      return checks;
    },
    fetch: server.fetch as typeof fetch,
    now: () => new Date(clock),
    out: (text) => {
      out += text;
      printed += text;
    },
    err: (text) => {
      err += text;
      printed += text;
    },
    configHome: path.join(dir, 'config'),
    systemConfigHome: path.join(dir, 'system-config'),
    self: null,
    selfTest: async () => null,
    device: {
      name: 'reception-pc',
      platform: 'linux',
      osVersion: 'Ubuntu 24.04.1 LTS',
      agentVersion: '0.1.0',
    },
    schedule: {
      homedir: path.join(dir, 'home'),
      systemRoot: path.join(dir, 'root'),
      env: {},
      uid: 1000,
      command: ['/opt/castellan/castellan-agent-linux-x64'],
      run: async (file, args) => {
        commands.push([file, ...args]);
        return OK;
      },
    },
  };
});

afterEach(async () => {
  expect(printed).not.toMatch(/secret-token/);
  await rm(dir, { recursive: true, force: true });
});

async function cli(...argv: string[]): Promise<number> {
  out = '';
  err = '';
  clock += 60_000;
  return runCli(argv, deps);
}

async function savedConfig() {
  return JSON.parse(await readFile(path.join(dir, 'config', 'config.json'), 'utf8'));
}

describe('enroll', () => {
  it('enrolls, saves the token readable by the user alone, checks and reports at once', async () => {
    expect(await cli('enroll', 'GOOD-CODE', '--server', `${SERVER}/`)).toBe(0);

    const [enroll, report] = server.requests;
    expect(enroll?.path).toBe('/api/agent/enroll');
    expect(enroll?.headers['content-type']).toBe('application/json');
    expect(enroll?.body).toEqual({
      code: 'GOOD-CODE',
      device: {
        name: 'reception-pc',
        platform: 'linux',
        osVersion: 'Ubuntu 24.04.1 LTS',
        agentVersion: '0.1.0',
      },
    });
    expect(report?.path).toBe('/api/agent/report');
    expect(report?.headers.authorization).toBe('Bearer secret-token-1');
    expect(report?.body).toEqual({
      reportedAt: '2026-11-25T12:01:00.000Z',
      device: { osVersion: 'Ubuntu 24.04.1 LTS', agentVersion: '0.1.0' },
      checks: CHECKS,
    });
    expect(browsersSeen).toEqual([{ chrome: '131.0.6778.85' }]);

    const config = await savedConfig();
    expect(config).toMatchObject({
      server: SERVER,
      deviceId: 'device-1',
      token: 'secret-token-1',
      lastReportAt: '2026-11-25T12:01:00.000Z',
      lastRun: { at: '2026-11-25T12:01:00.000Z', checks: CHECKS },
    });
    expect((await stat(path.join(dir, 'config', 'config.json'))).mode & 0o777).toBe(0o600);

    expect(out).toContain(
      'Enrolled this computer as "reception-pc" with https://castellan.example.',
    );
    expect(out).toContain('  ✔ Disk encryption: LUKS encryption is on for /.\n');
    expect(out).toContain('  ✘ Firewall: ufw is inactive.\n');
    expect(out).toContain(
      '  ? Standard account: Could not read groups. (needs administrator rights to say more)\n',
    );
    expect(out).toContain('1 passed, 1 failed, 1 unknown.');
    expect(out).toContain('Reported to https://castellan.example.');
    expect(out).toContain('run: castellan-agent install-schedule');
    expect(commands).toEqual([]);
  });

  it('installs the schedule with --install', async () => {
    expect(await cli('enroll', 'GOOD-CODE', '--server', SERVER, '--install')).toBe(0);
    const unitFolder = path.join(dir, 'home', '.config', 'systemd', 'user');
    expect(existsSync(path.join(unitFolder, 'castellan-agent.timer'))).toBe(true);
    expect(existsSync(path.join(unitFolder, 'castellan-agent.service'))).toBe(true);
    expect(commands).toEqual([
      ['systemctl', '--user', 'daemon-reload'],
      ['systemctl', '--user', 'enable', '--now', 'castellan-agent.timer'],
    ]);
    expect(out).toContain('Scheduled: systemd runs the agent every 6 hours');
  });

  it('stays enrolled when the schedule cannot be installed, and says why', async () => {
    deps.schedule.run = async () => ({
      ...OK,
      ok: false,
      code: 1,
      stderr: 'Failed to connect to bus: No medium found',
    });
    expect(await cli('enroll', 'GOOD-CODE', '--server', SERVER, '--install')).toBe(1);
    expect(err).toContain('systemctl --user cannot reach your user session');
    expect(err).toContain('This computer is enrolled all the same.');
    expect(server.reports).toHaveLength(1);
    expect((await savedConfig()).deviceId).toBe('device-1');
  });

  it("says the server's words for an invalid or expired code, and saves nothing", async () => {
    expect(await cli('enroll', 'OLD-CODE', '--server', SERVER)).toBe(1);
    expect(err).toBe(`${MESSAGES.badCode}\n`);
    expect(existsSync(path.join(dir, 'config', 'config.json'))).toBe(false);
  });

  it('refuses plain http to another computer, and a bad address, before any request', async () => {
    expect(await cli('enroll', 'GOOD-CODE', '--server', 'http://castellan.example')).toBe(2);
    expect(err).toContain('must be reached over https');
    expect(await cli('enroll', 'GOOD-CODE', '--server', 'castellan.example')).toBe(2);
    expect(err).toContain('"castellan.example" is not a web address');
    expect(await cli('enroll', 'GOOD-CODE')).toBe(2);
    expect(err).toContain('Usage: castellan-agent enroll <code> --server <url>');
    expect(server.requests).toEqual([]);
  });

  it('keeps the enrollment when the first report fails', async () => {
    server.retryAfter = null;
    const original = server.fetch;
    deps.fetch = (async (input: string, init?: RequestInit) =>
      String(input).endsWith('/report')
        ? Promise.reject(new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } }))
        : original(input, init)) as typeof fetch;
    expect(await cli('enroll', 'GOOD-CODE', '--server', SERVER)).toBe(1);
    expect(err).toBe(
      'Not reported: Could not reach https://castellan.example: connection refused\n',
    );
    expect((await savedConfig()).deviceId).toBe('device-1');
  });
});

describe('run', () => {
  beforeEach(async () => {
    await cli('enroll', 'GOOD-CODE', '--server', SERVER);
    server.requests.length = 0;
  });

  it('reports and keeps the current browser versions the server answers', async () => {
    server.currentBrowsers = { chrome: '132.0.1', firefox: '134.0' };
    expect(await cli('run')).toBe(0);
    expect(server.reports).toHaveLength(2);
    expect((await savedConfig()).currentBrowsers).toEqual({ chrome: '132.0.1', firefox: '134.0' });
    expect(await cli('run')).toBe(0);
    expect(browsersSeen.at(-1)).toEqual({ chrome: '132.0.1', firefox: '134.0' });
  });

  it('prints JSON alone on standard output with --json', async () => {
    expect(await cli('run', '--json')).toBe(0);
    expect(JSON.parse(out)).toEqual({
      checkedAt: '2026-11-25T12:02:00.000Z',
      reported: true,
      checks: CHECKS,
    });
    expect(err).toBe('Reported to https://castellan.example.\n');
  });

  it('checks without reporting with --dry', async () => {
    expect(await cli('run', '--dry')).toBe(0);
    expect(server.requests).toEqual([]);
    expect(out).toContain('Not reported (--dry).');
  });

  it('tells a removed device to enroll again, and remembers why for status', async () => {
    for (const device of server.devices) device.removed = true;
    expect(await cli('run')).toBe(1);
    expect(err).toBe(
      `Not reported: ${MESSAGES.revoked} Enroll it again with a new code: castellan-agent enroll <code> --server ${SERVER}\n`,
    );
    expect(await cli('status')).toBe(0);
    expect(out).toContain(`The last report failed: ${MESSAGES.revoked}`);
  });

  it("says the server's words for a replayed report", async () => {
    clock -= 10 * 60_000;
    expect(await cli('run')).toBe(1);
    expect(err).toBe(`Not reported: ${MESSAGES.replay}\n`);
  });

  it('says when to try again after 429', async () => {
    server.retryAfter = '30';
    expect(await cli('run')).toBe(1);
    expect(err).toBe(`Not reported: ${MESSAGES.tooMany} Try again in 30 seconds.\n`);
  });

  it('names the server it could not reach, and keeps the results for status', async () => {
    server.unreachable = true;
    expect(await cli('run')).toBe(1);
    expect(err).toBe(
      'Not reported: Could not reach https://castellan.example: no such host name\n',
    );
    expect((await savedConfig()).lastRun.at).toBe('2026-11-25T12:02:00.000Z');
  });

  it('clips long evidence so the server accepts the report', async () => {
    checks = [{ id: 'firewall', verdict: 'fail', evidence: 'x'.repeat(2000) }];
    expect(await cli('run')).toBe(0);
    const sent = server.reports.at(-1)?.checks[0]?.evidence ?? '';
    expect(sent).toHaveLength(500);
    expect(sent.endsWith('…')).toBe(true);
  });
});

describe('run without enrollment', () => {
  it('checks with --dry', async () => {
    expect(await cli('run', '--dry')).toBe(0);
    expect(out).toContain('✘ Firewall');
    expect(browsersSeen).toEqual([{}]);
    expect(server.requests).toEqual([]);
  });

  it('says how to enroll otherwise', async () => {
    expect(await cli('run')).toBe(1);
    expect(err).toContain('Not enrolled');
    expect(err).toContain('castellan-agent enroll <code> --server <url>');
  });

  it('explains a damaged settings file instead of failing with a stack trace', async () => {
    await mkdir(path.join(dir, 'config'), { recursive: true });
    await writeFile(path.join(dir, 'config', 'config.json'), '{"server":');
    expect(await cli('run')).toBe(1);
    expect(err).toBe(
      `The settings file ${path.join(dir, 'config', 'config.json')} is damaged. Delete it, then enroll this computer again.\n`,
    );
  });
});

describe('status', () => {
  it('says what it last found, where it reports and when', async () => {
    await cli('enroll', 'GOOD-CODE', '--server', SERVER);
    clock += 3 * 60 * 60_000;
    expect(await cli('status')).toBe(0);
    expect(out).toBe(
      [
        'Enrolled with https://castellan.example as device device-1 since 2026-11-25 12:01 UTC.',
        'Last reported 2026-11-25 12:01 UTC (3 hours ago).',
        'Not scheduled: run castellan-agent install-schedule to check and report regularly.',
        '',
        'Last checked 2026-11-25 12:01 UTC:',
        '  ✔ Disk encryption: LUKS encryption is on for /.',
        '  ✘ Firewall: ufw is inactive.',
        '      Fix it: Turn the firewall on: sudo ufw enable',
        '  ? Standard account: Could not read groups. (needs administrator rights to say more)',
        '1 passed, 1 failed, 1 unknown.',
        '',
      ].join('\n'),
    );
  });

  it('says when Castellan no longer counts the results', async () => {
    await cli('enroll', 'GOOD-CODE', '--server', SERVER);
    clock += 15 * 24 * 60 * 60_000;
    await cli('status');
    expect(out).toContain('Last reported 2026-11-25 12:01 UTC (15 days ago).');
    expect(out).toContain('it has not reported for over 14 days.');
  });

  it('uses words instead of symbols on Windows', async () => {
    deps.device.platform = 'win32';
    await cli('run', '--dry');
    expect(out).toContain('  PASS    Disk encryption');
    expect(out).toContain('  UNKNOWN Standard account');
  });

  it('says "Not enrolled" with the enroll command', async () => {
    expect(await cli('status')).toBe(1);
    expect(out).toContain('Not enrolled');
    expect(out).toContain('castellan-agent enroll <code> --server <url>');
  });
});

describe('unenroll', () => {
  beforeEach(async () => {
    await cli('enroll', 'GOOD-CODE', '--server', SERVER, '--install');
    commands.length = 0;
  });

  it('removes the device from the server, the schedule and the settings', async () => {
    expect(await cli('unenroll')).toBe(0);
    expect(server.requests.at(-1)).toMatchObject({
      path: '/api/agent/unenroll',
      headers: { authorization: 'Bearer secret-token-1', 'content-type': 'application/json' },
    });
    expect(server.devices[0]?.removed).toBe(true);
    expect(existsSync(path.join(dir, 'config', 'config.json'))).toBe(false);
    expect(
      existsSync(path.join(dir, 'home', '.config', 'systemd', 'user', 'castellan-agent.timer')),
    ).toBe(false);
    expect(commands[0]).toEqual([
      'systemctl',
      '--user',
      'disable',
      '--now',
      'castellan-agent.timer',
    ]);
    expect(out).toContain('Removed this computer from https://castellan.example.');
  });

  it('is content when the server had already removed the device (401)', async () => {
    for (const device of server.devices) device.removed = true;
    expect(await cli('unenroll')).toBe(0);
    expect(out).toContain('had already removed this computer');
    expect(existsSync(path.join(dir, 'config', 'config.json'))).toBe(false);
  });

  it('removes a schedule left behind without settings', async () => {
    await rm(path.join(dir, 'config'), { recursive: true });
    expect(await cli('unenroll')).toBe(0);
    expect(out).toBe('This computer is not enrolled.\nRemoved the schedule (systemd timer).\n');
    expect(server.requests.map((r) => r.path)).not.toContain('/api/agent/unenroll');
  });

  it('keeps everything when the server cannot be reached, unless --local', async () => {
    server.unreachable = true;
    expect(await cli('unenroll')).toBe(1);
    expect(err).toContain('Nothing was removed');
    expect(existsSync(path.join(dir, 'config', 'config.json'))).toBe(true);
    expect(await cli('unenroll', '--local')).toBe(0);
    expect(existsSync(path.join(dir, 'config', 'config.json'))).toBe(false);
  });
});

describe('the command line', () => {
  it('prints help and the version', async () => {
    expect(await cli('--help')).toBe(0);
    expect(out).toContain('castellan-agent run [--dry] [--json]');
    expect(await cli('--version')).toBe(0);
    expect(out).toBe('castellan-agent 0.1.0\n');
  });

  it('refuses unknown commands and options with exit code 2', async () => {
    expect(await cli('scan')).toBe(2);
    expect(err).toContain('Unknown command "scan".');
    expect(await cli('run', '--fast')).toBe(2);
    expect(err).toContain('Unknown or incomplete option --fast.');
    expect(await cli('status', '--dry')).toBe(2);
    expect(err).toContain('The status command takes no --dry option.');
    expect(await cli('enroll', 'GOOD-CODE', '--server', SERVER, '--owner', 'sam')).toBe(2);
    expect(err).toContain(
      '--owner names the person for an installation for all users: add --system.',
    );
    expect(server.requests).toEqual([]);
  });

  it('refuses install-schedule before enrollment', async () => {
    expect(await cli('install-schedule')).toBe(1);
    expect(err).toContain('Not enrolled');
    expect(commands).toEqual([]);
  });
});

describe('over a real connection', () => {
  let http: Server;
  let base: string;

  beforeEach(async () => {
    // The fake server's answers through Node's own HTTP server and fetch.
    http = createServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const answer = await server.fetch(`http://127.0.0.1${request.url}`, {
        method: request.method ?? 'GET',
        headers: request.headers as Record<string, string>,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(answer.status, Object.fromEntries(answer.headers.entries()));
      response.end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    deps.fetch = fetch;
  });

  afterEach(() => new Promise<void>((resolve) => http.close(() => resolve())));

  it('enrolls and reports to a local server over plain http', async () => {
    expect(await cli('enroll', 'GOOD-CODE', '--server', base)).toBe(0);
    expect(server.reports).toHaveLength(1);
    expect(server.requests[1]?.headers['user-agent']).toBe('castellan-agent/0.1.0');
  });

  it('says so when nothing listens', async () => {
    await new Promise<void>((resolve) => http.close(() => resolve()));
    http = createServer();
    http.listen(0);
    expect(await cli('enroll', 'GOOD-CODE', '--server', base)).toBe(1);
    expect(err).toBe(`Could not reach ${base}: connection refused\n`);
  });
});
