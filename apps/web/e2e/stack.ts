// The product under test, one per Playwright worker: the built server on a fresh copy of the
// seeded demo data for every spec file, and every offline fake in the worker's own process. Specs
// therefore share nothing, run in any order and on any number of workers, and each passes alone.
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { type DemoFakes, startDemoFakes } from '../../server/test/fakes/demo-fakes';
import { freePort } from '../../server/test/free-port';

export { expect, freePort };

const ROOT = path.resolve(import.meta.dirname, '../../..');
/** The browsers' "current" versions the agent is judged against in the browser tests. */
export const AGENT_BROWSER_VERSIONS = 'chrome=131.0.6778.85,firefox=133.0';

/** The seeded data folder every spec file starts from (made once by global-setup.ts). */
export const TEMPLATE_DIR_ENV = 'E2E_TEMPLATE_DIR';

export type Stack = {
  /** `http://127.0.0.1:<port>` */
  baseURL: string;
  /** The server's data folder (its generated keys live there). */
  dataDir: string;
  /** Where each fake answers, for the specs that drive them through their test controls. */
  fakes: DemoFakes['urls'];
};

/** The settings of every browser-test server, besides its port, data and fakes. */
export function serverEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    WEB_DIST_DIR: path.resolve(ROOT, process.env.WEB_DIST_DIR ?? 'apps/web/dist'),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    AGENT_DIST_DIR: path.resolve(ROOT, 'packages/agent/dist'),
    AGENT_BROWSER_VERSIONS,
  };
}

/** Starts the built server (as `npm start` runs it) and waits until it answers its health check. */
export async function startServer(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const health = `${env.PUBLIC_URL}/api/health`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) break;
    const status = await fetch(health).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  server.kill('SIGKILL');
  throw new Error(`The test server did not answer at ${health}.`);
}

/** Ends a server and waits for it; SIGKILL when its data is thrown away anyway. */
export async function stopServer(server: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill(signal);
  await exited;
}

let running: Stack | null = null;

/**
 * This worker's product while a spec file runs, for helpers that reach a fake's test controls
 * or the data folder outside a fixture.
 */
export function currentStack(): Stack {
  if (!running) throw new Error('No test server runs in this worker yet: use the `stack` fixture.');
  return running;
}

/** One worker's product: started afresh whenever the worker moves on to another spec file. */
class WorkerStack {
  private started: number;

  /**
   * The ports of this worker's next start. Found-free ports could be taken by another worker's
   * server at the same moment, whose health check would then answer for this one; each worker
   * takes its own block below the ephemeral range instead, a new port for every start.
   */
  constructor(
    private readonly parallelIndex: number,
    workerIndex: number,
  ) {
    // A worker that replaces a failed one starts further on, clear of anything the other left.
    this.started = (workerIndex * 60) % 600;
  }

  private nextPort(): number {
    return 20_000 + (this.parallelIndex % 20) * 600 + (this.started++ % 600);
  }

  private file: string | null = null;
  private current: { stack: Stack; server: ChildProcess; fakes: DemoFakes } | null = null;

  async for(file: string): Promise<Stack> {
    if (this.current && this.file === file) return this.current.stack;
    await this.stop();
    // A port found free can be taken by another process before the server binds it: try again.
    for (let attempt = 1; ; attempt++) {
      try {
        this.current = await this.start();
        break;
      } catch (err) {
        if (attempt === 3) throw err;
      }
    }
    this.file = file;
    running = this.current.stack;
    return running;
  }

  private async start() {
    const template = process.env[TEMPLATE_DIR_ENV];
    if (!template) throw new Error('The browser tests run through playwright.config.ts only.');
    const port = this.nextPort();
    const baseURL = `http://127.0.0.1:${port}`;
    const fakes = await startDemoFakes(baseURL, {
      googleSignIn: this.nextPort(),
      microsoftSignIn: this.nextPort(),
    });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'castellan-e2e-'));
    cpSync(template, dataDir, { recursive: true });
    try {
      const server = await startServer({ ...serverEnv(port, dataDir), ...fakes.serverEnv });
      return { stack: { baseURL, dataDir, fakes: fakes.urls }, server, fakes };
    } catch (err) {
      await fakes.close();
      rmSync(dataDir, { recursive: true, force: true });
      throw err;
    }
  }

  async stop(): Promise<void> {
    if (!this.current) return;
    const { server, fakes, stack } = this.current;
    this.current = null;
    this.file = null;
    running = null;
    await stopServer(server, 'SIGKILL');
    await fakes.close();
    rmSync(stack.dataDir, { recursive: true, force: true });
  }
}

/**
 * `test` with the worker's product: `stack` is this spec file's server and fakes, and `baseURL`
 * points at it, so `page.goto('/…')` and `request` reach it.
 */
export const test = base.extend<{ stack: Stack }, { workerStack: WorkerStack }>({
  workerStack: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern.
    async ({}, use, workerInfo) => {
      const stack = new WorkerStack(workerInfo.parallelIndex, workerInfo.workerIndex);
      await use(stack);
      await stack.stop();
    },
    { scope: 'worker' },
  ],
  stack: [
    async ({ workerStack }, use, testInfo) => {
      await use(await workerStack.for(testInfo.file));
    },
    // Starting the product takes a few seconds: not counted against the test's own time.
    { timeout: 90_000 },
  ],
  baseURL: async ({ stack }, use) => {
    await use(stack.baseURL);
  },
});
