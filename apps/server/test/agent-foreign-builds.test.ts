import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import {
  AGENT_CHECK_IDS,
  AGENT_CHECKS,
  type AgentDevice,
  type AgentPlatform,
  type AgentTarget,
  type Task,
} from '@castellan/contract';
import { AGENT_TARGET_FILES } from '@castellan/contract/agent-targets';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { type ServerProcess, signInOver, startServerProcess } from './server-process';

// The agent's single executables for other processors and systems, run for real on this Linux x64
// machine: the Linux Arm64 one under qemu-user (Debian's qemu-user-static, with the Arm64 C
// library of libc6-arm64-cross), the Windows x64 one under Wine (Debian's wine64), and the Linux
// x64 one natively beside them. Each enrolls against the built server with a code a demo member
// made, checks this machine, reports, and the member's tasks show what it found. A check whose
// tool is missing here says `unknown`: never a crash.
//
// Wine: Debian 12's Wine 8.0 lacks bcryptprimitives.dll, whose ProcessPrng Bun's runtime imports
// (without it the loader stops with status c0000135 before any of the agent runs). The test
// compiles a stand-in, wine-bcryptprimitives.c beside this file, with Debian's MinGW
// (gcc-mingw-w64-x86-64) into a Wine prefix of its own in a temporary folder, removed afterwards;
// Windows 10 and later have the system's own DLL. Under Wine the Windows checks meet Wine's
// registry and tools, not a real Windows: the test asserts that no check passes there, since a
// fresh prefix has no BitLocker, Defender, Windows Update or browser. The Windows Arm64 build and
// the macOS builds are never run here (their headers are checked in packages/agent's
// executables.test.ts).
//
// Cost, measured on a 2-core machine: the file takes about 35 s and 29 CPU-s in all (the server's
// start among them); the x64 agent's test about 4 s, the Arm64 one's under qemu about 8-10 s (each
// start of the emulated runtime about 1.5 s; the checks' own tools run natively), the Windows
// one's under Wine about 8 s (making the prefix about 4 s of it, compiling the DLL under 1 s).

const ROOT = path.resolve(import.meta.dirname, '../../..');
const DIST = path.join(ROOT, 'packages/agent/dist');
/** Where libc6-arm64-cross puts the Arm64 C library and its loader. */
const ARM64_LIBRARIES = '/usr/aarch64-linux-gnu';

type Command = {
  argv: string[];
  env: Record<string, string>;
  /** A path of this machine as the agent sees it (under Wine, a Windows path on drive Z:). */
  agentPath?: (file: string) => string;
  /** Removes what making the command made. */
  cleanup?: () => void;
};

type Runner = {
  target: AgentTarget;
  /** What the agent reports as its platform. */
  platform: AgentPlatform;
  /** A demo member of its own, so that each device's results decide that member's tasks alone. */
  member: string;
  /** The program and arguments that run `file`, or why this machine cannot. */
  command(file: string): Command | { missing: string };
};

const RUNNERS: Runner[] = [
  {
    target: 'linux-x64',
    platform: 'linux',
    member: 'alice.morgan@brightwave.example',
    command: (file) =>
      process.platform === 'linux' && process.arch === 'x64'
        ? { argv: [file], env: {} }
        : { missing: 'this is not a Linux x64 machine' },
  },
  {
    target: 'linux-arm64',
    platform: 'linux',
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
  {
    target: 'win32-x64',
    platform: 'win32',
    member: 'chloe.davies@brightwave.example',
    command: (file) => {
      const wine = [WINE64, onPath('wine64')].find((p) => p && existsSync(p));
      if (!wine) return { missing: `no ${WINE64} (Debian's wine64)` };
      const gcc = onPath(MINGW_GCC);
      if (!gcc) return { missing: `${MINGW_GCC} is not installed (gcc-mingw-w64-x86-64)` };
      return winePrefix(wine, gcc, file);
    },
  },
];

const WINE64 = '/usr/lib/wine/wine64';
const MINGW_GCC = 'x86_64-w64-mingw32-gcc';

/**
 * A Wine prefix of its own in a temporary folder, set to Windows 10, with the stand-in
 * bcryptprimitives.dll compiled into its system32 (see the top of this file).
 */
function winePrefix(wine: string, gcc: string, file: string): Command {
  const prefix = mkdtempSync(path.join(tmpdir(), 'castellan-wine-'));
  // Wine's own complaints about what it does not implement (fixme) stay out; its errors stay in.
  const env = { WINEPREFIX: prefix, WINEDEBUG: 'fixme-all', WINEDLLOVERRIDES: 'mscoree,mshtml=' };
  const wineEnv = { ...process.env, ...env };
  const server = path.join(path.dirname(wine), 'wineserver');
  const cleanup = () => {
    try {
      execFileSync(existsSync(server) ? server : 'wineserver', ['-k'], { env: wineEnv });
    } catch {
      // No wineserver left running for this prefix.
    }
    rmSync(prefix, { recursive: true, force: true });
  };
  try {
    execFileSync(wine, ['wineboot', '--init'], { env: wineEnv, stdio: 'ignore', timeout: 120_000 });
    execFileSync(
      wine,
      ['reg', 'add', 'HKCU\\Software\\Wine', '/v', 'Version', '/d', 'win10', '/f'],
      { env: wineEnv, stdio: 'ignore', timeout: 60_000 },
    );
    const dll = path.join(prefix, 'bcryptprimitives.dll');
    execFileSync(gcc, [
      '-O2',
      '-shared',
      '-s',
      '-o',
      dll,
      path.join(import.meta.dirname, 'wine-bcryptprimitives.c'),
      '-lbcrypt',
    ]);
    copyFileSync(dll, path.join(prefix, 'drive_c/windows/system32/bcryptprimitives.dll'));
  } catch (error) {
    cleanup();
    throw error;
  }
  return {
    argv: [wine, file],
    env,
    agentPath: (p) => `Z:${p.replaceAll('/', '\\')}`,
    cleanup,
  };
}

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
  const cleanups: (() => void)[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'castellan-foreign-'));
    server = await startServerProcess({ dataDir });
  }, 120_000);

  afterAll(async () => {
    for (const cleanup of cleanups) cleanup();
    await server?.kill();
    for (const dir of [dataDir, ...homes]) rmSync(dir, { recursive: true, force: true });
  });

  const signIn = (email: string) => signInOver(server?.origin ?? '', email);

  for (const runner of RUNNERS) {
    const { fileName } = AGENT_TARGET_FILES[runner.target];

    it(`${fileName} enrolls, checks this machine and reports; the member’s tasks show it`, async (ctx) => {
      const how = runner.command(builtFile(ctx, runner.target));
      if ('missing' in how) return ctx.skip(`cannot run ${fileName} here: ${how.missing}`);
      if (how.cleanup) cleanups.push(how.cleanup);
      const url = server?.origin ?? '';
      const home = mkdtempSync(path.join(tmpdir(), `castellan-agent-${runner.target}-`));
      homes.push(home);
      const env = { ...how.env, CASTELLAN_AGENT_HOME: how.agentPath?.(home) ?? home };
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
      expect(device).toMatchObject({ platform: runner.platform });
      // Wine names the computer as Windows does, in capitals.
      expect(device?.name.toLowerCase()).toBe(hostname().toLowerCase());
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
          expect(fromAgent[0]?.detail, catalogueId).toContain(device?.name);
          expect(task.isCompleted, catalogueId).toBe(check.verdict === 'pass');
        }
      }
      // This machine always gives some verdict (its disk, its updates or its account; under Wine,
      // the screen lock that its registry does not set).
      expect(judged).toBeGreaterThan(0);
      if (runner.platform === 'win32') {
        // Wine is not Windows: nothing it has may pass, and where Windows' own tools are missing
        // (BitLocker, Windows Update, Defender) the check says unknown.
        for (const check of results.checks) expect(check.verdict, check.id).not.toBe('pass');
        for (const id of ['disk-encryption', 'os-updates', 'malware-protection']) {
          expect(verdictOf.get(id), id).toBe('unknown');
        }
      }
    }, 300_000);
  }
});
