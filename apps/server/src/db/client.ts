import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm/logger';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { restrictDataDir } from './data-dir-mode';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Runs one SQL statement with `$n` parameters, resolving to its rows. */
export type SqlRunner = {
  executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
};

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** The PostgreSQL URL, for clients that open their own connections; null on PGlite. */
  url: string | null;
  /**
   * Runs SQL outside Drizzle (the job queue's): a script of several statements when there are no
   * values, else one statement with `$n` parameters. Resolves to the rows of the last statement.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * Runs start-up writes (the demo data, the job queue's set-up) one process at a time: on
   * PostgreSQL under an advisory lock, so processes started together against one database do not
   * race; PGlite has one owner.
   */
  exclusively<T>(run: () => Promise<T>): Promise<T>;
  /**
   * Runs `run` in a transaction holding a lock named `key`, so that a look-then-write (queue a
   * job unless one is waiting) is never done twice at once, across processes on PostgreSQL. Every
   * statement of `run` goes through the `sql` it is given (one connection); the lock ends with the
   * transaction.
   */
  serialized<T>(key: string, run: (sql: SqlRunner) => Promise<T>): Promise<T>;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /**
   * Hears NOTIFY on `channel`: on PostgreSQL through a connection of its own, opened again after
   * a loss (`onListening` runs each time it listens anew; what was sent meanwhile is lost); on
   * PGlite in the same call as the statement that notified. Resolves to a function that stops.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onListening: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

export const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

/**
 * node-postgres when a URL is given, else PGlite in `dataDir` (or an existing PGlite instance).
 * `logger` sees every statement Drizzle sends (tests count them).
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir?: string;
  pglite?: PGlite;
  logger?: Logger;
  /** PostgreSQL only: see `poolOptions`. */
  timeoutMs?: number;
  /**
   * PostgreSQL only: false leaves the migrations to their own command (`main.js migrate`) and
   * refuses a database that is behind this build. PGlite, one machine's, always migrates.
   */
  migrate?: boolean;
}): Promise<Database> {
  const drizzleOptions = { schema, ...(options.logger ? { logger: options.logger } : {}) };
  if (options.databaseUrl) {
    const url = options.databaseUrl;
    if (options.migrate === false) {
      // Waits for a migration another process (the migration Job) is running.
      await withAdvisoryLock(url, MIGRATIONS_LOCK, assertMigrated);
    } else {
      await withAdvisoryLock(url, MIGRATIONS_LOCK, (client) =>
        migratePostgres(drizzlePostgres(client), { migrationsFolder }),
      );
    }
    const pool = new pg.Pool(poolOptions(options.databaseUrl, options.timeoutMs));
    // An idle connection the server closes (a restart, an administrator) is dropped by the pool
    // and the next query opens a new one; unheard, the error would stop the process.
    pool.on('error', (err) => process.emitWarning(`PostgreSQL connection lost: ${err.message}`));
    const db = drizzlePostgres(pool, drizzleOptions);
    return {
      kind: 'postgres',
      db,
      url: options.databaseUrl,
      executeSql: async (text, values) => {
        // node-postgres answers a script of several statements with one result per statement.
        const result: pg.QueryResult | pg.QueryResult[] = await pool.query(text, values);
        return { rows: (Array.isArray(result) ? result.at(-1)?.rows : result.rows) ?? [] };
      },
      exclusively: (run) => withAdvisoryLock(url, STARTUP_WRITES_LOCK, () => run()),
      serialized: async (key, run) => {
        const client = await pool.connect();
        try {
          await client.query('begin');
          await client.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
          const result = await run({
            executeSql: async (text, values) => ({ rows: (await client.query(text, values)).rows }),
          });
          await client.query('commit');
          return result;
        } catch (err) {
          await client.query('rollback').catch(() => undefined);
          throw err;
        } finally {
          client.release();
        }
      },
      ping: async () => void (await pool.query('select 1')),
      listen: (channel, onMessage, onListening) =>
        listenPostgres(url, channel, onMessage, onListening),
      close: () => pool.end(),
    };
  }
  let client = options.pglite;
  let ownDir: string | null = null;
  if (!client) {
    const dir = options.dataDir ?? './data';
    if (!dir.includes('://')) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      restrictDataDir(dir);
      ownDir = dir;
    }
    client = await PGlite.create(dir);
  }
  const db = drizzlePglite(client, drizzleOptions);
  await migratePglite(db, { migrationsFolder });
  if (ownDir) restrictDataDir(ownDir);
  const pglite = client;
  const locks = new KeyedLocks();
  return {
    kind: 'pglite',
    db,
    url: null,
    // PGlite's `query` refuses several statements in one call; `exec` takes them but no values.
    executeSql: async (text, values) =>
      values && values.length > 0
        ? { rows: (await pglite.query(text, values)).rows }
        : { rows: (await pglite.exec(text)).at(-1)?.rows ?? [] },
    exclusively: (run) => run(),
    // One process owns a PGlite database: a lock in memory is enough.
    serialized: (key, run) =>
      locks.run(key, () =>
        pglite.transaction((tx) =>
          run({
            executeSql: async (text, values) => ({ rows: (await tx.query(text, values)).rows }),
          }),
        ),
      ),
    ping: async () => void (await pglite.query('select 1')),
    listen: async (channel, onMessage, onListening) => {
      const stop = await pglite.listen(channel, onMessage);
      onListening();
      // A test may have closed the database first: there is nothing left to stop then.
      return () => (pglite.closed ? Promise.resolve() : stop());
    },
    close: async () => {
      await pglite.close();
      if (ownDir) restrictDataDir(ownDir);
    },
  };
}

export const DEFAULT_DATABASE_TIMEOUT_MS = 5_000;

/**
 * The request pool: a database that refuses, drops or silently stops answering (a partition)
 * fails a request within about `timeoutMs` instead of leaving it hanging.
 */
function poolOptions(
  connectionString: string,
  timeoutMs = DEFAULT_DATABASE_TIMEOUT_MS,
): pg.PoolConfig {
  return {
    connectionString,
    max: 10,
    // Also bounds the wait for a free connection when all ten are busy.
    connectionTimeoutMillis: timeoutMs,
    // The server cancels a slow statement itself (SQLSTATE 57014) and the connection stays
    // usable; the client's own timer, a second later, only fires when the server is silent.
    statement_timeout: timeoutMs,
    query_timeout: timeoutMs + 1_000,
    idleTimeoutMillis: 30_000,
    // Lets the kernel notice a peer gone for good on connections that sit idle.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
}

// Several server processes may start at once against one PostgreSQL: each of these steps runs in
// one of them at a time. The ids only need to be distinct from other advisory locks in the database.
const MIGRATIONS_LOCK = 727_274_001;

/** Refuses a database whose latest migration is older than this build's (Drizzle's own record). */
async function assertMigrated(client: pg.Client): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder });
  const latest = migrations.at(-1)?.folderMillis ?? 0;
  const applied = await client
    .query<{ at: string | null }>(
      'select max(created_at)::text as at from drizzle.__drizzle_migrations',
    )
    .then(
      (r) => Number(r.rows[0]?.at ?? 0),
      () => 0,
    );
  if (applied < latest) {
    throw new Error(
      `The database is not migrated to this build (${migrations.length} migrations): run \`node apps/server/dist/main.js migrate\` (npm run migrate) first, or start with MIGRATE_AT_START=1.`,
    );
  }
}

const STARTUP_WRITES_LOCK = 727_274_002;

/**
 * Runs `run` holding an advisory lock, on a connection of its own without the request pool's
 * timeouts: waiting for another process's migrations or start-up writes is not an outage.
 */
async function withAdvisoryLock<T>(
  connectionString: string,
  lockId: number,
  run: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString, keepAlive: true });
  client.on('error', () => {}); // the failing query reports it
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [lockId]);
    return await run(client);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [lockId]).catch(() => undefined);
    await client.end();
  }
}

const RELISTEN_DELAY_MS = 1_000;

/** A connection that listens on `channel` until stopped, connecting again after a loss. */
async function listenPostgres(
  connectionString: string,
  channel: string,
  onMessage: (payload: string) => void,
  onListening: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString, keepAlive: true });
    client = next;
    const lost = () => {
      if (client !== next) return;
      client = null;
      void next.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void connect().catch(() => {}), RELISTEN_DELAY_MS);
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`listen "${channel.replaceAll('"', '""')}"`);
    } catch (err) {
      lost();
      throw err;
    }
    onListening();
  };
  try {
    await connect();
  } catch (err) {
    stopped = true;
    clearTimeout(retry);
    throw err;
  }
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = null;
    await last?.end().catch(() => undefined);
  };
}

/** Runs the tasks given one key one after another, in the order they came. */
class KeyedLocks {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
