import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { ScannerOverrides } from '@castellan/scanner';
import { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm/logger';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { seedDemo } from '../src/demo/seed';
import { SESSION_COOKIE } from '../src/modules/sessions/plugin';
import { copyOfTemplate } from './postgres-admin';

export { INDEX_HTML_MARKER } from './global-setup';

export type DatabaseKind = Database['kind'];

export const PRODUCT_DOMAIN = 'castellan.example';
export const ALICE = 'alice.morgan@brightwave.example'; // admin, REGISTERED organisation
export const BEN = 'ben.carter@brightwave.example'; // member, REGISTERED organisation
export const NOAH = 'noah.fields@northfield.example'; // admin, PENDING organisation
export const SAM = 'sam.rivera@castellan.example'; // staff

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. Use with `describe.each`. */
export function databaseKinds(): DatabaseKind[] {
  return inject('postgresTemplate') ? ['pglite', 'postgres'] : ['pglite'];
}

let pgliteTemplate: Blob | undefined;

/**
 * Where a fresh, migrated database lives: a PGlite data directory (in memory, or `onDisk` in a
 * temporary directory) or a new PostgreSQL database copied from the run's template.
 * On disk and on PostgreSQL, `open()` may be called again once the previous database is closed
 * (a restart); in memory, every `open()` is a new copy of the template.
 */
export type DatabaseLocation = {
  kind: DatabaseKind;
  /** The PGlite data directory, when it is on disk. */
  dataDir?: string;
  open(): Promise<Database>;
  /**
   * What another process passes to `openDatabase` to reach the same database (on PostgreSQL, and
   * on disk once `open()` has made the directory); null in memory.
   */
  target: { databaseUrl: string } | { dataDir: string } | null;
  /** Removes the directory or drops the database; close what you opened first. */
  dispose(): Promise<void>;
};

export async function freshDatabaseLocation(
  kind: DatabaseKind,
  options: { onDisk?: boolean; logger?: Logger } = {},
): Promise<DatabaseLocation> {
  const logger = options.logger ? { logger: options.logger } : {};
  if (kind === 'postgres') {
    const template = inject('postgresTemplate');
    if (!template) throw new Error('TEST_DATABASE_URL is not set');
    const copy = await copyOfTemplate(template.adminUrl, template.name);
    return {
      kind,
      open: () => openDatabase({ databaseUrl: copy.url, ...logger }),
      target: { databaseUrl: copy.url },
      dispose: copy.drop,
    };
  }
  pgliteTemplate ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
  const loadDataDir = pgliteTemplate;
  if (!options.onDisk) {
    return {
      kind,
      open: async () => openDatabase({ pglite: await PGlite.create({ loadDataDir }), ...logger }),
      target: null,
      dispose: async () => {},
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'castellan-db-'));
  const dataDir = path.join(dir, 'data');
  let created = false;
  return {
    kind,
    dataDir,
    target: { dataDir },
    open: async () => {
      const client = await PGlite.create(created ? { dataDir } : { dataDir, loadDataDir });
      created = true;
      return openDatabase({ pglite: client, ...logger });
    },
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

export const TEST_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');

/** The configuration of a test app: silent, NODE_ENV=test, the tiny web app; `env` overrides. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    PRODUCT_DOMAIN,
    WEB_DIST_DIR: inject('webDistDir'),
    // A fixed key, so that production-mode test apps start; never a key of a real installation.
    ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    ...env,
  });
}

export type TestApp = {
  app: FastifyInstance;
  config: Config;
  database: Database;
  /**
   * `app.inject`, sending `Content-Type: application/json` on state-changing calls that name no
   * content type, as the web app does (the server refuses them otherwise). Use `app.inject` to
   * send exactly what is given.
   */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Signs in through POST /api/auth/test-login; returns the `cookie` request header. */
  signIn(email: string): Promise<string>;
  close(): Promise<void>;
};

export type TestAppOptions = {
  env?: Record<string, string>;
  /** Fill the database with the demo organisations and users. */
  seed?: boolean;
  /** Called before the app is ready, e.g. to add a route. */
  setup?: (app: FastifyInstance) => void;
  /**
   * Build on the database of this (already built) app instead of a fresh one: a cheap way to try
   * another configuration on the same data. Closing this app leaves that database open.
   */
  databaseOf?: () => TestApp;
  /** Build on this database (opened by the test, e.g. PGlite on disk); the app closes it. */
  database?: Database;
  /** Points the app's scanner somewhere (read when the app is built, e.g. at fixtures). */
  scanner?: () => ScannerOverrides;
  /** Receives the app's log lines (set LOG_LEVEL in `env`, the tests' default is silent). */
  logStream?: Writable;
  /** Sees every statement sent to the app's fresh database (to count them). */
  queryLogger?: Logger;
};

/** An app on its own fresh database; `close()` closes both and drops the database. */
export async function createTestApp(
  kind: DatabaseKind,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const owner = options.databaseOf?.();
  let location: DatabaseLocation | null = null;
  let database: Database;
  if (owner) {
    database = owner.database;
  } else if (options.database) {
    database = closeOnce(options.database);
    if (options.seed) await seedDemo(database.db, PRODUCT_DOMAIN);
  } else {
    location = await freshDatabaseLocation(
      kind,
      options.queryLogger ? { logger: options.queryLogger } : {},
    );
    database = closeOnce(await location.open());
    if (options.seed) await seedDemo(database.db, PRODUCT_DOMAIN);
  }
  const config = testConfig(options.env);
  // The app closes its database when it closes, unless the database belongs to another app.
  const app = await buildApp(config, owner ? { ...database, close: async () => {} } : database, {
    ...(options.scanner ? { scanner: options.scanner() } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    settleBeforeRequests: true,
  });
  options.setup?.(app);
  await app.ready();
  return {
    app,
    config,
    database,
    inject: (request) => app.inject(asTheWebApp(request)),
    signIn: (email) => signIn(app, email),
    close: async () => {
      await app.close();
      await location?.dispose();
    },
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function asTheWebApp(request: InjectOptions): InjectOptions {
  const method = (request.method ?? 'GET').toUpperCase();
  const headers = request.headers ?? {};
  if (
    SAFE_METHODS.has(method) ||
    Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')
  ) {
    return request;
  }
  return { ...request, headers: { ...headers, 'content-type': 'application/json' } };
}

/** A test may close the database before the app closes it again. */
function closeOnce(database: Database): Database {
  let closed: Promise<void> | undefined;
  return { ...database, close: () => (closed ??= database.close()) };
}

/** One app per `describe` block: built before its tests, closed after them. */
export function useTestApp(kind: DatabaseKind, options: TestAppOptions = {}): () => TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(kind, options);
  });
  afterAll(async () => {
    await current?.close();
  });
  return () => {
    if (!current) throw new Error('The test app is built in beforeAll.');
    return current;
  };
}

let signInCount = 0;

/** Test login, each from its own client address so that the rate limit never interferes. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  headers: Record<string, string> = {},
): Promise<string> {
  signInCount += 1;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/test-login',
    payload: { email },
    headers,
    remoteAddress: `10.${process.pid % 250}.${(signInCount >> 8) % 256}.${signInCount % 256}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return cookieHeader(res);
}

/** The `cookie` request header that sends back the session cookie a response set. */
export function cookieHeader(res: LightMyRequestResponse): string {
  const cookie = sessionCookie(res);
  if (!cookie) throw new Error('The response set no session cookie.');
  return `${SESSION_COOKIE}=${cookie.value}`;
}

export function sessionCookie(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === SESSION_COOKIE) as
    | {
        name: string;
        value: string;
        path?: string;
        maxAge?: number;
        expires?: Date;
        httpOnly?: boolean;
        secure?: boolean;
        sameSite?: string;
      }
    | undefined;
}

/** Asserts the `{ error }` answer every failure of the API gives. */
export function expectError(res: LightMyRequestResponse, status: number): string {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json();
  expect(body).toEqual({ error: expect.any(String) });
  return body.error as string;
}
