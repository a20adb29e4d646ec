// Databases made and dropped on the PostgreSQL server of TEST_DATABASE_URL, by the Vitest tier
// and the browser tests alike.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A database name unique to this run, so that runs sharing one server do not meet. */
export function runDatabaseName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

/** The address of database `name` on the server of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops the template and every database named after it that a crashed test left behind. */
export async function dropRunDatabases(adminUrl: string, template: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${template}%`],
    );
    for (const { datname } of rows) {
      await client.query(`drop database if exists ${datname} with (force)`);
    }
  } finally {
    await client.end();
  }
}

let copies = 0;

/**
 * A new database copied from `template`, named after it (so that `dropRunDatabases` finds it if
 * a crash leaves it behind), and how to drop it again.
 */
export async function copyOfTemplate(
  adminUrl: string,
  template: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  copies += 1;
  const name = `${template}_${process.pid}_${copies}`;
  await adminQuery(adminUrl, `create database ${name} template ${template}`);
  return {
    url: databaseUrl(adminUrl, name),
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}
