// The product under test, one per Playwright worker: the built server on a fresh copy of the
// seeded demo data for every spec file, and every offline fake in the worker's own process. Specs
// therefore share nothing, run in any order and on any number of workers, and each passes alone.
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { type DemoFakes, startDemoFakes } from '../../server/test/fakes/demo-fakes';
import { freePort } from '../../server/test/free-port';
import { copyOfTemplate } from '../../server/test/postgres-admin';
import { TEST_SERVER_NODE_FLAGS } from '../../server/test/server-flags';

export { expect, freePort };

const ROOT = path.resolve(import.meta.dirname, '../../..');
/** The browsers' "current" versions the agent is judged against in the browser tests. */
export const AGENT_BROWSER_VERSIONS = 'chrome=131.0.6778.85,firefox=133.0';

/** The seeded data folder every spec file starts from (made once by global-setup.ts). */
export const TEMPLATE_DIR_ENV = 'E2E_TEMPLATE_DIR';
/**
 * With TEST_DATABASE_URL: the seeded PostgreSQL database (`<admin URL>#<name>`) every spec file's
 * server gets a copy of, instead of PGlite in its data folder.
 */
export const TEMPLATE_DATABASE_ENV = 'E2E_TEMPLATE_DATABASE';

export type Stack = {
  /** `http://127.0.0.1:<port>` */
  baseURL: string;
  /** The server's data folder (its generated keys live there). */
  dataDir: string;
  /** The key the server encrypts provider tokens and signs unsubscribe links with. */
  encryptionKey: Buffer;
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

/**
 * Starts the built server (as `npm start` runs it) and waits until it answers its health check.
 * The first start migrates and seeds a database, which a machine busy with other work can take
 * minutes to do: the wait is generous, and a server that exits ends it at once.
 */
export async function startServer(env: NodeJS.ProcessEnv, waitMs = 60_000): Promise<ChildProcess> {
  const server = spawn(process.execPath, [...TEST_SERVER_NODE_FLAGS, 'apps/server/dist/main.js'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const health = `${env.PUBLIC_URL}/api/health`;
  const deadline = Date.now() + waitMs;
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

/** A copy of the seeded PostgreSQL database, when the browser tests run on PostgreSQL. */
async function copyTemplateDatabase() {
  const template = process.env[TEMPLATE_DATABASE_ENV];
  if (!template) return null;
  const [adminUrl, name] = template.split('#') as [string, string];
  return copyOfTemplate(adminUrl, name);
}

/**
 * The encryption key of the servers on PostgreSQL, where no data folder keeps a generated one (a
 * server there without ENCRYPTION_KEY makes one per process): fixed, so the seeding server and
 * every copy's server agree. A test key, never a real installation's.
 */
const POSTGRES_ENCRYPTION_KEY = Buffer.alloc(32, 5);

/** The settings that point a server at a PostgreSQL database. */
export function postgresEnv(databaseUrl: string): NodeJS.ProcessEnv {
  return { DATABASE_URL: databaseUrl, ENCRYPTION_KEY: POSTGRES_ENCRYPTION_KEY.toString('base64') };
}

/** The key a server on PGlite generated in its data folder (lib/encryption-key.ts). */
const generatedKey = (dataDir: string) =>
  Buffer.from(readFileSync(path.join(dataDir, 'encryption.key'), 'utf8'), 'base64');

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
  private current: {
    stack: Stack;
    server: ChildProcess;
    fakes: DemoFakes;
    database: { drop(): Promise<void> } | null;
  } | null = null;

  async for(file: string, database: SpecDatabase): Promise<Stack> {
    if (this.current && this.file === file) return this.current.stack;
    await this.stop();
    // A port found free can be taken by another process before the server binds it: try again.
    for (let attempt = 1; ; attempt++) {
      try {
        this.current = await this.start(database);
        break;
      } catch (err) {
        if (attempt === 3) throw err;
      }
    }
    this.file = file;
    running = this.current.stack;
    return running;
  }

  private async start(kind: SpecDatabase) {
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
    const database = kind === 'pglite' ? null : await copyTemplateDatabase();
    try {
      const server = await startServer({
        ...serverEnv(port, dataDir),
        ...fakes.serverEnv,
        ...(database && postgresEnv(database.url)),
      });
      const encryptionKey = database ? POSTGRES_ENCRYPTION_KEY : generatedKey(dataDir);
      return {
        stack: { baseURL, dataDir, encryptionKey, fakes: fakes.urls },
        server,
        fakes,
        database,
      };
    } catch (err) {
      await fakes.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
      throw err;
    }
  }

  async stop(): Promise<void> {
    if (!this.current) return;
    const { server, fakes, stack, database } = this.current;
    this.current = null;
    this.file = null;
    running = null;
    await stopServer(server, 'SIGKILL');
    await fakes.close();
    await database?.drop();
    rmSync(stack.dataDir, { recursive: true, force: true });
  }
}

/**
 * Where a spec file's server keeps its data: a copy of the seeded PostgreSQL database when the
 * run has one (TEST_DATABASE_URL), else PGlite; `pglite` always runs on PGlite, the database of
 * `npm start`, for the specs that keep that path covered on runs with PostgreSQL (there the seeded
 * folder holds no PGlite database, so the server seeds its own at start, as a first `npm start`).
 */
export type SpecDatabase = 'run' | 'pglite';

/**
 * `test` with the worker's product: `stack` is this spec file's server and fakes, and `baseURL`
 * points at it, so `page.goto('/…')` and `request` reach it. A spec file may set
 * `test.use({ database: 'pglite' })`, for all of its tests.
 */
export const test = base.extend<
  { stack: Stack; database: SpecDatabase },
  { workerStack: WorkerStack }
>({
  database: ['run', { option: true }],
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
    async ({ workerStack, database }, use, testInfo) => {
      await use(await workerStack.for(testInfo.file, database));
    },
    // Starting the product takes a few seconds: not counted against the test's own time.
    { timeout: 90_000 },
  ],
  baseURL: async ({ stack }, use) => {
    await use(stack.baseURL);
  },
});

/**
 * A second server of the built product, with no provider settings and none of the fakes, for
 * pages that say a service is not set up. Call inside a `describe`: it starts before the block's
 * tests and stops after them; the getter gives its origin.
 */
export function useBareServer(): () => string {
  let server: ChildProcess | undefined;
  let origin = '';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'castellan-e2e-bare-'));
  test.beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    server = await startServer(serverEnv(port, dataDir));
  });
  test.afterAll(async () => {
    if (server) await stopServer(server, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });
  return () => origin;
}
