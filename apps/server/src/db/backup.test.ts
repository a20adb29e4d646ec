import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../demo/seed';
import { BackupError, backupDataDir, backupFileName, restoreDataDir } from './backup';
import { type Database, openDatabase } from './client';
import { organizations, taskCompletions, users } from './schema';

const work = mkdtempSync(path.join(tmpdir(), 'castellan-backup-test-'));
const source = path.join(work, 'data');
const backup = path.join(work, 'backups', backupFileName(new Date('2026-11-25T17:05:12.345Z')));

async function rows(database: Database) {
  const { db } = database;
  return {
    organizations: await db.select().from(organizations).orderBy(asc(organizations.id)),
    users: await db.select().from(users).orderBy(asc(users.id)),
    completions: await db.select().from(taskCompletions).orderBy(asc(taskCompletions.id)),
  };
}

let seeded: Awaited<ReturnType<typeof rows>>;

beforeAll(async () => {
  const database = await openDatabase({ dataDir: source });
  await seedDemo(database.db, 'castellan.example');
  writeFileSync(path.join(source, 'encryption.key'), 'a key kept beside the database\n');
  seeded = await rows(database);
  await database.close();
  await backupDataDir(source, backup);
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('backup and restore of the embedded database', () => {
  it('names the file with the time', () => {
    expect(path.basename(backup)).toBe('castellan-2026-11-25T17-05-12Z.tar.gz');
    expect(existsSync(backup)).toBe(true);
  });

  it('restores the demo data into a new folder', async () => {
    expect(seeded.organizations.map((o) => o.domain)).toContain('brightwave.example');
    expect(seeded.completions.length).toBeGreaterThan(0);
    const target = path.join(work, 'restored');
    await restoreDataDir(backup, target);
    const database = await openDatabase({ dataDir: target });
    try {
      expect(await rows(database)).toEqual(seeded);
    } finally {
      await database.close();
    }
    // The generated encryption key lives in the data folder, and travels with it.
    expect(readdirSync(target)).toContain('encryption.key');
  }, 60_000);

  it('restores into an empty folder that already exists', async () => {
    const target = path.join(work, 'empty');
    mkdirSync(target);
    await restoreDataDir(backup, target);
    expect(readdirSync(target)).toContain('PG_VERSION');
  }, 60_000);

  it('refuses a folder that is not empty, and leaves it alone', async () => {
    const target = path.join(work, 'not-empty');
    mkdirSync(target);
    writeFileSync(path.join(target, 'notes.txt'), 'mine');
    await expect(restoreDataDir(backup, target)).rejects.toThrow(
      new BackupError(
        `${target} is not empty: a backup is restored only into an empty folder, so that ` +
          'nothing is overwritten. Move the folder aside or choose another DATA_DIR.',
      ),
    );
    expect(readdirSync(target)).toEqual(['notes.txt']);
  });

  it('refuses a missing file', async () => {
    const missing = path.join(work, 'nowhere.tar.gz');
    await expect(restoreDataDir(missing, path.join(work, 'never'))).rejects.toThrow(
      `There is no file ${missing}.`,
    );
    expect(existsSync(path.join(work, 'never'))).toBe(false);
  });

  it.each([
    ['not gzip', Buffer.from('hello')],
    ['gzip of something else', gzipSync(Buffer.alloc(2048, 7))],
  ])('refuses a corrupt file (%s) and creates no folder', async (_name, bytes) => {
    const file = path.join(work, 'corrupt.tar.gz');
    writeFileSync(file, bytes);
    const target = path.join(work, 'from-corrupt');
    await expect(restoreDataDir(file, target)).rejects.toThrow(
      `${file} is not a backup of a Castellan database.`,
    );
    expect(existsSync(target)).toBe(false);
  });

  it('refuses to back up a folder without a database', async () => {
    const empty = path.join(work, 'no-database');
    mkdirSync(empty);
    await expect(backupDataDir(empty, path.join(work, 'x.tar.gz'))).rejects.toThrow(
      `There is no database in ${empty}.`,
    );
  });

  it('refuses to back up a database another process has open', async () => {
    const database = await openDatabase({ dataDir: source });
    try {
      await expect(backupDataDir(source, path.join(work, 'y.tar.gz'))).rejects.toThrow(
        /is open in another process: stop the server first/,
      );
    } finally {
      await database.close();
    }
    expect(existsSync(path.join(work, 'y.tar.gz'))).toBe(false);
  }, 60_000);
});
