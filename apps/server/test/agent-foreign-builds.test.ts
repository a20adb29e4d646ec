import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import {
  AGENT_CHECK_IDS,
  AGENT_CHECKS,
  type AgentDevice,
  type AgentTarget,
  type Task,
} from '@castellan/contract';
import { AGENT_TARGET_FILES } from '@castellan/contract/agent-targets';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { type ServerProcess, startServerProcess } from './server-process';

// The agent's single executables for other processors and systems, run for real on this Linux x64
// machine: the Linux Arm64 one under qemu-user (Debian's qemu-user-static, with the Arm64 C
// library of libc6-arm64-cross), and the Linux x64 one natively beside it. Each enrolls against
// the built server with a code a demo member made, checks this machine, reports, and the member's
// tasks show what it found. A check whose tool is missing here says `unknown`: never a crash.
//
// The Windows x64 one does not start under Debian 12's Wine 8.0: Bun's runtime imports
// ProcessPrng from bcryptprimitives.dll, which that Wine lacks (the loader stops with status
// c0000135 before any of the agent runs). Its headers are checked in packages/agent's
// executables.test.ts; nothing here runs it. The macOS builds are never run here either.
//
// Cost, measured on a 2-core machine: the file takes about 22 s and 26 CPU-s in all (the server's
// start among them); the x64 agent's test about 3.5 s, the Arm64 one's under qemu about 7 s (each
// start of the emulated runtime about 1.5 s; the checks' own tools run natively).

const ROOT = path.resolve(import.meta.dirname, '../../..');
const DIST = path.join(ROOT, 'packages/agent/dist');
/** Where libc6-arm64-cross puts the Arm64 C library and its loader. */
const ARM64_LIBRARIES = '/usr/aarch64-linux-gnu';

type Runner = {
  target: AgentTarget;
  /** A demo member of its own, so that each device's results decide that member's tasks alone. */
  member: string;
  /** The program and arguments that run `file`, or why this machine cannot. */
  command(file: string): { argv: string[]; env: Record<string, string> } | { missing: string };
};

const RUNNERS: Runner[] = [
  {
    target: 'linux-x64',
    member: 'alice.morgan@brightwave.example',
    command: (file) =>
      process.platform === 'linux' && process.arch === 'x64'
        ? { argv: [file], env: {} }
        : { missing: 'this is not a Linux x64 machine' },
  },
  {
    target: 'linux-arm64',
    member: 'ben.carter@brightwave.example',
    command: (file) => {
      const qemu = onPath('qemu-aarch64-static');
      if (!qemu) return { missing: 'qemu-aarch64-static is not installed (qemu-user-static)' };
      if (!existsSync(path.join(ARM64_LIBRARIES, 'lib/ld-linux-aarch64.so.1'))) {
        return { missing: `no Arm64 C library in ${ARM64_LIBRARIES} (libc6-arm64-cross)` };
      }
      return { argv: [qemu, file], env: { QEMU_LD_PREFIX: ARM64_LIBRARIES } };
    },
  },
];

function onPath(program: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, program);
    if (dir && existsSync(candidate)) return candidate;
  }
  return null;
}

/** The built file; skips when the build recorded that it could not make it on this machine. */
function builtFile(ctx: TestContext, target: AgentTarget): string {
  const { fileName } = AGENT_TARGET_FILES[target];
  const file = path.join(DIST, fileName);
  if (existsSync(file)) return file;
  const recordFile = path.join(DIST, 'executables.json');
  const record = existsSync(recordFile) ? JSON.parse(readFileSync(recordFile, 'utf8')) : null;
  const notBuilt = record?.executables?.[target]?.notBuilt;
  if (notBuilt) ctx.skip(`the build could not make ${fileName} here: ${notBuilt}`);
  throw new Error(`packages/agent/dist/${fileName} is missing: run \`npm run agent:build\`.`);
}

type Ran = { code: number | null; stdout: string; stderr: string };

function run(argv: string[], env: Record<string, string>): Promise<Ran> {
  const [program = '', ...args] = argv;
  return new Promise((resolve) => {
    execFile(
      program,
      args,
      { env: { ...process.env, ...env }, timeout: 180_000, maxBuffer: 4 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

describe('the agent’s builds for other processors, run here', () => {
  let server: ServerProcess | undefined;
  let dataDir: string;
  const homes: string[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'castellan-foreign-'));
    server = await startServerProcess({ dataDir });
  }, 120_000);

  afterAll(async () => {
    await server?.kill();
    for (const dir of [dataDir, ...homes]) rmSync(dir, { recursive: true, force: true });
  });

  const signIn = async (email: string) => {
    const url = server?.origin ?? '';
    const res = await fetch(`${url}/api/auth/test-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ email }),
    });
    expect(res.status).toBe(200);
    return res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  };

  for (const runner of RUNNERS) {
    const { fileName } = AGENT_TARGET_FILES[runner.target];

    it(`${fileName} enrolls, checks this machine and reports; the member’s tasks show it`, async (ctx) => {
      const how = runner.command(builtFile(ctx, runner.target));
      if ('missing' in how) return ctx.skip(`cannot run ${fileName} here: ${how.missing}`);
      const url = server?.origin ?? '';
      const home = mkdtempSync(path.join(tmpdir(), `castellan-agent-${runner.target}-`));
      homes.push(home);
      const env = { ...how.env, CASTELLAN_AGENT_HOME: home };
      const agent = (...args: string[]) => run([...how.argv, ...args], env);

      const version = await agent('--version');
      expect(version, version.stderr).toMatchObject({ code: 0 });
      expect(version.stdout).toMatch(/^castellan-agent \d+\.\d+\.\d+/);

      const cookie = await signIn(runner.member);
      const codeRes = await fetch(`${url}/api/agent/enrollment-codes`, {
        method: 'POST',
        headers: { cookie, origin: url, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(codeRes.status).toBe(201);
      const { code } = (await codeRes.json()) as { code: string };

      const enrolled = await agent('enroll', code, '--server', url);
      expect(enrolled.code, `${enrolled.stdout}\n${enrolled.stderr}`).toBe(0);

      // A second run, which prints what it found and sends it again.
      const ran = await agent('run', '--json');
      expect(ran.code, ran.stderr).toBe(0);
      const results = JSON.parse(ran.stdout) as {
        reported: boolean;
        checks: { id: string; verdict: string; evidence: string }[];
      };
      expect(results.reported).toBe(true);
      expect(results.checks.map((c) => c.id).sort()).toEqual([...AGENT_CHECK_IDS].sort());
      for (const check of results.checks) {
        expect(['pass', 'fail', 'unknown'], check.id).toContain(check.verdict);
        expect(check.evidence.length, check.id).toBeGreaterThan(0);
      }

      // The server holds the device, reported, with the same verdicts.
      const devicesRes = await fetch(`${url}/api/agent/devices?scope=mine`, {
        headers: { cookie },
      });
      const { devices } = (await devicesRes.json()) as { devices: AgentDevice[] };
      expect(devices).toHaveLength(1);
      const [device] = devices;
      expect(device).toMatchObject({ platform: 'linux', name: hostname() });
      expect(device?.lastReportAt).not.toBeNull();
      const verdictOf = new Map(results.checks.map((c) => [c.id, c.verdict]));
      for (const check of device?.checks ?? []) {
        expect(check.verdict, check.id).toBe(verdictOf.get(check.id));
      }

      // The member's tasks: a check that passed or failed is agent evidence on its tasks, with
      // that verdict; an unknown one leaves them without agent evidence.
      const actions = await fetch(`${url}/api/actions?scope=mine`, { headers: { cookie } });
      const { tasks } = (await actions.json()) as { tasks: Task[] };
      let judged = 0;
      for (const check of results.checks) {
        for (const catalogueId of AGENT_CHECKS[check.id as keyof typeof AGENT_CHECKS].tasks) {
          const task = tasks.find((t) => t.catalogueId === catalogueId);
          if (!task) continue;
          const fromAgent = task.evidence.filter((e) => e.source === 'agent');
          if (check.verdict === 'unknown') {
            expect(fromAgent, catalogueId).toEqual([]);
            continue;
          }
          judged++;
          expect(fromAgent, catalogueId).toEqual([
            expect.objectContaining({ verdict: check.verdict }),
          ]);
          expect(fromAgent[0]?.detail, catalogueId).toContain(hostname());
          expect(task.isCompleted, catalogueId).toBe(check.verdict === 'pass');
        }
      }
      // This machine always gives some verdict (its disk, its updates or its account).
      expect(judged).toBeGreaterThan(0);
    }, 300_000);
  }
});
