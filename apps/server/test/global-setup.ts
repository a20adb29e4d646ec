import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { adminQuery, databaseUrl, dropRunDatabases, runDatabaseName } from './postgres-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a migrated, empty PGlite data directory; every test database starts from it. */
    pgliteTemplate: string;
    /** A tiny built web app: index.html and one hashed asset. */
    webDistDir: string;
    /** Only with TEST_DATABASE_URL: the migrated database that test databases are copied from. */
    postgresTemplate: { adminUrl: string; name: string } | null;
  }
}

export const INDEX_HTML_MARKER = 'castellan-test-index';

/**
 * Runs once per `vitest run`: migrating a database is the slow part of a test, so it is done
 * once here and every test copies the result (PGlite: load the tarball; PostgreSQL:
 * CREATE DATABASE … TEMPLATE).
 */
export default async function setup(project: TestProject) {
  // Tests that run the server in a process of its own run the bundle `npm start` runs: rebuilt
  // here when its sources changed (a no-op after `npm run build`). Starting it costs a fraction
  // of compiling the sources with tsx at every start.
  execFileSync(process.execPath, ['scripts/build.mjs', 'server', '--quiet'], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    stdio: 'inherit',
  });
  const dir = mkdtempSync(path.join(tmpdir(), 'castellan-test-'));

  const webDistDir = path.join(dir, 'dist');
  mkdirSync(path.join(webDistDir, 'assets'), { recursive: true });
  writeFileSync(
    path.join(webDistDir, 'index.html'),
    `<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body>${INDEX_HTML_MARKER}</body></html>`,
  );
  writeFileSync(path.join(webDistDir, 'assets', 'app-abc123.js'), 'console.log("castellan");\n');

  const pgliteTemplate = path.join(dir, 'pglite-template.tar');
  const postgres = process.env.TEST_DATABASE_URL
    ? migratePostgresTemplate(process.env.TEST_DATABASE_URL)
    : Promise.resolve(null);
  const client = await PGlite.create();
  const database = await openDatabase({ pglite: client });
  const dump = await client.dumpDataDir('none');
  writeFileSync(pgliteTemplate, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  const postgresTemplate = await postgres;

  project.provide('pgliteTemplate', pgliteTemplate);
  project.provide('webDistDir', webDistDir);
  project.provide('postgresTemplate', postgresTemplate);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (postgresTemplate) await dropRunDatabases(postgresTemplate.adminUrl, postgresTemplate.name);
  };
}

async function migratePostgresTemplate(adminUrl: string) {
  const name = runDatabaseName('castellan_t');
  await adminQuery(adminUrl, `create database ${name}`);
  const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name) });
  await database.close();
  return { adminUrl, name };
}
