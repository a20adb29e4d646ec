import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AgentDevice } from '@castellan/contract';
import { afterAll, describe, expect, it, type TestContext } from 'vitest';
import { type ServerProcess, signInOver, startServerProcess } from './server-process';

// The installation for all users and the self-update, with the real Linux x64 build against the
// built server: the install script runs as root (as `curl … | sudo sh` would) with a folder
// standing in for / (CASTELLAN_AGENT_SYSTEM_ROOT) and a systemctl that records what it is asked;
// the agent checks as the person (`nobody` here) through runuser, reports, and the uninstall line
// takes it all away. Then the agent updates itself from a newer build the test compiles with Bun,
// and refuses a build that is not what the signed manifest says.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const DIST = path.join(ROOT, 'packages/agent/dist');
const BUILD = path.join(DIST, 'castellan-agent-linux-x64');
const BUN = path.join(ROOT, 'node_modules/.bin/bun');
const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

type Ran = { code: number | null; stdout: string; stderr: string };

function run(program: string, args: string[], env: Record<string, string> = {}): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(
      program,
      args,
      { env: { ...process.env, ...env }, timeout: 180_000, maxBuffer: 8 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : null) : 0,
          stdout,
          stderr,
        }),
    );
  });
}

function usable(ctx: TestContext): void {
  if (process.platform !== 'linux' || process.arch !== 'x64') ctx.skip('not a Linux x64 machine');
  if (!existsSync(BUILD)) {
    throw new Error(
      'packages/agent/dist/castellan-agent-linux-x64 is missing: run `npm run build`.',
    );
  }
}

async function enrollmentCode(origin: string, cookie: string): Promise<string> {
  const res = await fetch(`${origin}/api/agent/enrollment-codes`, {
    method: 'POST',
    headers: { cookie, origin, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { code: string }).code;
}

async function devices(origin: string, cookie: string): Promise<AgentDevice[]> {
  const res = await fetch(`${origin}/api/agent/devices`, { headers: { cookie } });
  return ((await res.json()) as { devices: AgentDevice[] }).devices;
}

describe('the agent installed for all users, and updating itself', () => {
  const temps: string[] = [];
  const servers: ServerProcess[] = [];
  const temp = (name: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), `castellan-${name}-`));
    temps.push(dir);
    return dir;
  };

  afterAll(async () => {
    for (const server of servers) await server.kill();
    for (const dir of temps) rmSync(dir, { recursive: true, force: true });
  });

  async function server(env: Record<string, string> = {}): Promise<ServerProcess> {
    const started = await startServerProcess({ dataDir: temp('install-data') }, env);
    servers.push(started);
    return started;
  }

  it('installs with one line as root, checks as the person, reports, and uninstalls with one line', async (ctx) => {
    usable(ctx);
    if (process.getuid?.() !== 0)
      ctx.skip('the install line runs as root, and this test is not root');
    const root = temp('install-root');
    chmodSync(root, 0o755);
    // A systemctl that records what it is asked, in place of systemd (absent in a container).
    const bin = temp('install-bin');
    const calls = path.join(bin, 'systemctl.calls');
    writeFileSync(path.join(bin, 'systemctl'), `#!/bin/sh\necho "$*" >> '${calls}'\n`, {
      mode: 0o755,
    });
    const { origin } = await server();
    const env = { CASTELLAN_AGENT_SYSTEM_ROOT: root, PATH: `${bin}:${process.env.PATH}` };
    const cookie = await signInOver(origin, 'daniel.evans@brightwave.example');
    const code = await enrollmentCode(origin, cookie);

    const line = `curl -fsSL ${origin}/api/agent/install.sh | sh -s -- ${code} --owner nobody`;
    const installed = await run('sh', ['-c', line], env);
    expect(installed.code, `${installed.stdout}\n${installed.stderr}`).toBe(0);
    expect(installed.stdout).toContain('Installed for all users: checks judge the account nobody.');

    const agent = path.join(root, 'usr/local/bin/castellan-agent');
    expect(sha256(agent)).toBe(sha256(BUILD));
    expect(statSync(agent).mode & 0o777).toBe(0o755);
    const configFile = path.join(root, 'var/lib/castellan-agent/config.json');
    expect(statSync(configFile).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(configFile)).mode & 0o777).toBe(0o700);
    const config = JSON.parse(readFileSync(configFile, 'utf8'));
    expect(config.system).toEqual({ owner: 'nobody' });
    expect(Buffer.from(config.updateKey, 'base64')).toHaveLength(32);
    const unit = readFileSync(
      path.join(root, 'etc/systemd/system/castellan-agent.service'),
      'utf8',
    );
    expect(unit).toContain(`ExecStart=${agent} run`);
    expect(unit).toContain(`CASTELLAN_AGENT_HOME=${path.dirname(configFile)}`);
    expect(readFileSync(calls, 'utf8').split('\n')).toEqual(
      expect.arrayContaining(['daemon-reload', 'enable --now castellan-agent.timer']),
    );

    // The checks ran as nobody, not root: root is an administrator, nobody is not.
    const [device] = await devices(origin, cookie);
    expect(device?.checks.find((c) => c.id === 'standard-account')).toMatchObject({
      verdict: 'pass',
    });

    // The schedule's own run: as root, with the settings for all users; the manifest names this
    // very version, so nothing is updated.
    const scheduled = await run(agent, ['run', '--json'], { CASTELLAN_AGENT_SYSTEM_ROOT: root });
    expect(scheduled.code, scheduled.stderr).toBe(0);
    expect(JSON.parse(scheduled.stdout).reported).toBe(true);
    expect(sha256(agent)).toBe(sha256(BUILD));
    // Someone without administrator rights is told where the settings are, not "not enrolled".
    const asPerson = await run('runuser', ['-u', 'nobody', '--', agent, 'status'], {
      CASTELLAN_AGENT_SYSTEM_ROOT: root,
    });
    expect(asPerson.stderr).toMatch(/permission denied/);

    const removed = await run(
      'sh',
      ['-c', `curl -fsSL ${origin}/api/agent/install.sh | sh -s -- --uninstall`],
      env,
    );
    expect(removed.code, removed.stderr).toBe(0);
    expect(existsSync(agent)).toBe(false);
    expect(existsSync(configFile)).toBe(false);
    expect(existsSync(path.join(root, 'etc/systemd/system/castellan-agent.timer'))).toBe(false);
    expect(readFileSync(calls, 'utf8')).toContain('disable --now castellan-agent.timer');
    expect(await devices(origin, cookie)).toEqual([]);
  }, 240_000);

  it('updates itself to a newer signed build, and keeps working when a build is not what the manifest says', async (ctx) => {
    usable(ctx);
    if (!existsSync(BUN)) throw new Error('node_modules/.bin/bun is missing: run `npm ci`.');
    // A build of the next version: the same agent with its version changed, compiled by Bun.
    const work = temp('update-work');
    const version = JSON.parse(readFileSync(path.join(DIST, 'executables.json'), 'utf8')).version;
    const next = `${version.split('.').slice(0, 2).join('.')}.${Number(version.split('.')[2]) + 1}`;
    const source = readFileSync(path.join(DIST, 'castellan-agent.mjs'), 'utf8');
    expect(source).toContain(`"${version}"`);
    writeFileSync(path.join(work, 'next.mjs'), source.replaceAll(`"${version}"`, `"${next}"`));
    const dist = temp('update-dist');
    const nextBuild = path.join(dist, 'castellan-agent-linux-x64');
    execFileSync(BUN, ['build', path.join(work, 'next.mjs'), '--compile', '--outfile', nextBuild], {
      stdio: 'pipe',
    });
    writeFileSync(path.join(dist, 'executables.json'), JSON.stringify({ version: next }));

    const { origin } = await server({ AGENT_DIST_DIR: dist });
    const home = temp('update-home');
    const agentDir = temp('update-agent');
    const agent = path.join(agentDir, 'castellan-agent-linux-x64');
    copyFileSync(BUILD, agent);
    chmodSync(agent, 0o755);
    const env = { CASTELLAN_AGENT_HOME: home };
    const cookie = await signInOver(origin, 'jonas.keller@brightwave.example');
    const enrolled = await run(
      agent,
      ['enroll', await enrollmentCode(origin, cookie), '--server', origin],
      env,
    );
    expect(enrolled.code, `${enrolled.stdout}\n${enrolled.stderr}`).toBe(0);
    // Enrolling reports at once, and that run already updated the agent.
    expect(enrolled.stdout).toContain(`Updated the agent from ${version} to ${next}`);
    expect(sha256(agent)).toBe(sha256(nextBuild));
    expect((await run(agent, ['--version'])).stdout.trim()).toBe(`castellan-agent ${next}`);
    mkdirSync(home, { recursive: true });
    expect(
      JSON.parse(readFileSync(path.join(home, 'config.json'), 'utf8')).lastUpdate,
    ).toMatchObject({
      from: version,
      to: next,
    });

    // The manifest now names a version its build is not: the agent refuses it and still reports.
    writeFileSync(path.join(dist, 'executables.json'), JSON.stringify({ version: `${next}9` }));
    const refused = await run(agent, ['run'], env);
    expect(refused.code, refused.stderr).toBe(0);
    expect(refused.stdout).toMatch(
      new RegExp(`Could not update the agent: the new build answered "castellan-agent ${next}"`),
    );
    expect(refused.stdout).toContain(`Reported to ${origin}.`);
    expect(sha256(agent)).toBe(sha256(nextBuild));
    expect(existsSync(`${agent}.next`)).toBe(false);
    const [device] = await devices(origin, cookie);
    expect(device?.agentVersion).toBe(next);
  }, 240_000);
});
