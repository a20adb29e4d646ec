import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const repoRoot = path.resolve(import.meta.dirname, '..');
export const HOST = '127.0.0.1';

const POLL_MS = 20;
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

export type RunningServer = {
  url: string;
  /** From spawn to the first 200 from /api/health. */
  readyMs: number;
  /** The process's id (its CPU time is in /proc/<pid>/stat). */
  pid: number;
  /** SIGTERM, then waits for the exit; throws when the exit was not clean. Returns how long it took. */
  stop(): Promise<number>;
};

/** Every server still running, so that an interrupted bench can stop them. */
const running = new Set<ChildProcess>();

export function killAllServers(): void {
  for (const child of running) child.kill('SIGKILL');
}

export async function freePort(): Promise<number> {
  const probe = createServer().listen(0, HOST);
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (address === null || typeof address === 'string') throw new Error('could not get a free port');
  return address.port;
}

/** The status /api/health answers, or 0 when nothing answers yet. */
async function healthStatus(url: string): Promise<number> {
  try {
    const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

/**
 * Starts the built server, `apps/server/dist/main.js`, as `npm run serve` does (rebuilt first when
 * its sources changed, without the npm process) and waits until /api/health answers 200. `script`
 * starts another TypeScript server through tsx that reads PORT and HOST and answers /api/health
 * (the bench's bare server). `dbEnv`: the database variables, and any other the server should see
 * (REDIS_URL, TEST_LOGIN…).
 */
export async function startServer(
  dbEnv: Record<string, string>,
  script?: string,
): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://${HOST}:${port}`;
  // The caller's LOG_LEVEL and NODE_ENV win (the multi-process test runs in `test`).
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'development' };
  Object.assign(env, dbEnv, { PORT: String(port), HOST });
  if (!dbEnv.DATABASE_URL) delete env.DATABASE_URL;
  if (!dbEnv.REDIS_URL) delete env.REDIS_URL;

  if (!script) {
    execFileSync(process.execPath, ['scripts/build.mjs', 'server', '--quiet'], { cwd: repoRoot });
  }
  const started = performance.now();
  const args = script
    ? ['--import', 'tsx', script]
    : ['--enable-source-maps', 'apps/server/dist/main.js'];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = once(child, 'exit').then(() => running.delete(child));

  const stop = async (): Promise<number> => {
    const stopping = performance.now();
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timedOut = await Promise.race([exited.then(() => false), sleep(STOP_TIMEOUT_MS, true)]);
      if (timedOut) {
        child.kill('SIGKILL');
        await exited;
        throw new Error(`server did not stop within ${STOP_TIMEOUT_MS / 1000} s of SIGTERM`);
      }
    }
    if (child.exitCode !== 0) {
      throw new Error(`server exited with ${child.exitCode ?? child.signalCode}:\n${output}`);
    }
    return performance.now() - stopping;
  };

  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`server exited before it was ready:\n${output}`);
      }
      if (performance.now() - started > READY_TIMEOUT_MS) {
        throw new Error(`server not healthy after ${READY_TIMEOUT_MS / 1000} s:\n${output}`);
      }
      const status = await healthStatus(url);
      if (status === 200) {
        return { url, readyMs: performance.now() - started, pid: child.pid ?? 0, stop };
      }
      await sleep(POLL_MS);
    }
  } catch (err) {
    await stop().catch(() => undefined);
    throw err;
  }
}
