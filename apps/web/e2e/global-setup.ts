// Seeds the demo data once: every spec file's server starts on a copy of it (stack.ts). With
// TEST_DATABASE_URL the data lives in a PostgreSQL database copied per spec file with
// CREATE DATABASE … TEMPLATE; without it, in the PGlite database of the data folder.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  adminQuery,
  databaseUrl,
  dropRunDatabases,
  runDatabaseName,
} from '../../server/test/postgres-admin';
import {
  freePort,
  postgresEnv,
  serverEnv,
  startServer,
  stopServer,
  TEMPLATE_DATABASE_ENV,
  TEMPLATE_DIR_ENV,
} from './stack';

export default async function globalSetup() {
  // The server the tests run is the built one, rebuilt first when its sources changed.
  execFileSync(process.execPath, ['scripts/build.mjs', 'server', '--quiet'], { stdio: 'inherit' });
  const template = mkdtempSync(path.join(tmpdir(), 'castellan-e2e-template-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  const database = adminUrl ? { adminUrl, name: runDatabaseName('castellan_e2e') } : null;
  const env = serverEnv(await freePort(), template);
  if (database) {
    await adminQuery(database.adminUrl, `create database ${database.name}`);
    Object.assign(env, postgresEnv(databaseUrl(database.adminUrl, database.name)));
  }
  const server = await startServer(env, 300_000);
  // A clean stop, so that the database's files are whole when copied, and no session is left
  // open on the template database (PostgreSQL copies only a database nobody is connected to).
  await stopServer(server, 'SIGTERM');
  process.env[TEMPLATE_DIR_ENV] = template;
  if (database) process.env[TEMPLATE_DATABASE_ENV] = `${database.adminUrl}#${database.name}`;
  return async () => {
    rmSync(template, { recursive: true, force: true });
    if (database) await dropRunDatabases(database.adminUrl, database.name);
  };
}
