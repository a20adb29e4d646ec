import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  AGENT_CHECK_IDS,
  AGENT_PLATFORMS,
  type AgentCheckResult,
} from '@castellan/contract/agent-checks';
import { AGENT_FIXES } from '@castellan/contract/agent-fixes';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SUCCEEDED } from '../test/fake-context';
import { FakeServer } from '../test/fake-server';
import { type CliDeps, runCli } from './cli';
import { formatChecks } from './results-text';

const CHECKS: AgentCheckResult[] = [
  { id: 'disk-encryption', verdict: 'pass', evidence: 'FileVault is On.' },
  { id: 'firewall', verdict: 'fail', evidence: 'The firewall is off.' },
  { id: 'screen-lock', verdict: 'unknown', evidence: 'Could not tell.' },
];

describe('fix it', () => {
  it('names a way to fix every check on every system', () => {
    for (const id of AGENT_CHECK_IDS) {
      for (const platform of AGENT_PLATFORMS) {
        const fix = AGENT_FIXES[id][platform];
        expect(fix.label.length, `${id} on ${platform}`).toBeGreaterThan(0);
        if (fix.url) expect(fix.url).toMatch(/^(ms-settings:|x-apple\.systempreferences:)/);
      }
      expect(AGENT_FIXES[id].linux.url).toBeUndefined();
    }
  });

  it('prints where to fix a failing check, for this system, under it alone', () => {
    const mac = formatChecks(CHECKS, false, 'darwin');
    expect(mac).toBe(
      [
        '  ✔ Disk encryption: FileVault is On.',
        '  ✘ Firewall: The firewall is off.',
        '      Fix it: Open Firewall settings: x-apple.systempreferences:com.apple.preference.security?Firewall',
        '  ? Screen lock: Could not tell.',
        '',
      ].join('\n'),
    );
    expect(formatChecks(CHECKS, true, 'win32')).toContain(
      'Fix it: Open Windows Security (Firewall & network protection): ms-settings:windowsdefender',
    );
    expect(formatChecks(CHECKS, false, 'linux')).toContain(
      'Fix it: Turn the firewall on: sudo ufw enable',
    );
    expect(formatChecks(CHECKS, false)).not.toContain('Fix it');
  });
});

describe('castellan-agent run, status and watch', () => {
  let dir: string;
  let server: FakeServer;
  let deps: CliDeps;
  let out: string;
  let clock: number;
  let runs: number;
  /** What GET /api/agent/due answers, one per call (then not due). */
  let dueAnswers: boolean[];
  let dueCalls: number;
  let slept: number[];

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'castellan-agent-fix-'));
    server = new FakeServer();
    clock = Date.parse('2026-11-30T12:00:00Z');
    out = '';
    runs = 0;
    dueAnswers = [];
    dueCalls = 0;
    slept = [];
    const fetchFn = async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input));
      if (url.pathname === '/api/agent/due' && init?.method === 'GET') {
        dueCalls++;
        const auth = new Headers(init.headers).get('authorization');
        if (auth !== 'Bearer secret-token-1') return new Response('{}', { status: 401 });
        const due = dueAnswers.shift() ?? false;
        return Response.json({ due, pollSeconds: 15, watchSeconds: 600 });
      }
      return server.fetch(input, init);
    };
    deps = {
      runChecks: async () => {
        runs++;
        return CHECKS;
      },
      fetch: fetchFn as typeof fetch,
      now: () => new Date(clock),
      out: (text) => {
        out += text;
      },
      err: (text) => {
        out += text;
      },
      sleep: async (ms) => {
        slept.push(ms);
        clock += ms;
      },
      configHome: path.join(dir, 'config'),
      systemConfigHome: path.join(dir, 'system-config'),
      self: null,
      selfTest: async () => null,
      device: { name: 'studio-mac', platform: 'darwin', osVersion: '15.1', agentVersion: '0.1.0' },
      schedule: {
        homedir: path.join(dir, 'home'),
        systemRoot: path.join(dir, 'root'),
        env: {},
        uid: 501,
        command: ['/opt/castellan/castellan-agent'],
        run: async () => SUCCEEDED,
      },
    };
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const cli = async (...argv: string[]) => {
    out = '';
    clock += 1000;
    return runCli(argv, deps);
  };

  it('prints Fix it under the failing check in run and in status', async () => {
    expect(await cli('enroll', 'GOOD-CODE', '--server', 'https://castellan.example')).toBe(0);
    expect(await cli('run')).toBe(0);
    expect(out).toContain(
      '  ✘ Firewall: The firewall is off.\n      Fix it: Open Firewall settings: x-apple.systempreferences:',
    );
    expect(await cli('status')).toBe(0);
    expect(out).toContain('Fix it: Open Firewall settings');
  });

  it('watch checks and reports when asked, and stops when the window ends', async () => {
    expect(await cli('enroll', 'GOOD-CODE', '--server', 'https://castellan.example')).toBe(0);
    const reportsBefore = server.reports.length;
    const runsBefore = runs;
    // Not due, not due, due (a person pressed the button), then never again.
    dueAnswers = [false, false, true];
    const started = clock + 1000;
    expect(await cli('watch')).toBe(0);

    expect(runs - runsBefore).toBe(1);
    expect(server.reports.length - reportsBefore).toBe(1);
    expect(out).toContain('Asked to check again now.');
    expect(out).toContain('Reported to https://castellan.example.');
    expect(out).toContain('Stopped watching.');
    expect(slept.every((ms) => ms === 15_000)).toBe(true);
    // The request came after two polls (30 s); the watch then lasts ten minutes more.
    expect(clock - started).toBeLessThanOrEqual(30_000 + 600_000);
    expect(clock - started).toBeGreaterThan(600_000 - 15_000);
    expect(dueCalls).toBe(slept.length + 1);
  });

  it('watch needs an enrollment and stops at a revoked token', async () => {
    expect(await cli('watch')).toBe(1);
    expect(dueCalls).toBe(0);
    expect(await cli('enroll', 'GOOD-CODE', '--server', 'https://castellan.example')).toBe(0);
    // The device was removed in Castellan: its token is refused.
    deps.fetch = (async () => new Response('{}', { status: 401 })) as unknown as typeof fetch;
    expect(await cli('watch')).toBe(1);
    expect(runs).toBe(1);
  });
});
