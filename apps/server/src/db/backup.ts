// Backups of the embedded database (PGlite): a gzipped tarball of its data folder, taken by
// PGlite itself (dumpDataDir) and loaded back into an empty folder. PGlite lets one process open
// a folder at a time and does not lock it, so a backup is taken only while no server has the
// folder open: it is then the whole database at one moment. PostgreSQL has pg_dump (docs/running.md).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';

/** A refusal with a message for the person who ran the command. */
export class BackupError extends Error {}

/** PGlite keeps this file in the folder while a process has it open and removes it on close. */
const OPEN_MARKER = 'postmaster.pid';

/** `castellan-2026-11-25T17-05-12Z.tar.gz`: sorts by time, and is a valid name everywhere. */
export function backupFileName(at = new Date()): string {
  return `castellan-${at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-')}.tar.gz`;
}

/** Writes a backup of the database in `dataDir` to `file`. */
export async function backupDataDir(dataDir: string, file: string): Promise<void> {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new BackupError(`There is no database in ${path.resolve(dataDir)}.`);
  }
  if (existsSync(path.join(dataDir, OPEN_MARKER))) {
    throw new BackupError(
      `The database in ${path.resolve(dataDir)} is open in another process: stop the server ` +
        'first, then run the backup again. (If no server is running, the last one stopped ' +
        'without closing the database: start it and stop it once, then back up.)',
    );
  }
  const pglite = await PGlite.create(dataDir);
  try {
    // Writes everything to the data files, so a restore has no log to replay.
    await pglite.exec('CHECKPOINT');
    const tarball = await pglite.dumpDataDir('gzip');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, Buffer.from(await tarball.arrayBuffer()), { mode: 0o600, flag: 'wx' });
  } finally {
    await pglite.close();
  }
}

/** Loads the backup in `file` into `dataDir`, which must be empty or not exist yet. */
export async function restoreDataDir(file: string, dataDir: string): Promise<void> {
  if (!existsSync(file)) throw new BackupError(`There is no file ${path.resolve(file)}.`);
  const existed = existsSync(dataDir);
  if (existed && readdirSync(dataDir).length > 0) {
    throw new BackupError(
      `${path.resolve(dataDir)} is not empty: a backup is restored only into an empty folder, ` +
        'so that nothing is overwritten. Move the folder aside or choose another DATA_DIR.',
    );
  }
  const tarball = readFileSync(file);
  if (!isDataDirTarball(tarball)) {
    throw new BackupError(`${path.resolve(file)} is not a backup of a Castellan database.`);
  }
  mkdirSync(dataDir, { recursive: true });
  try {
    const pglite = await PGlite.create(dataDir, { loadDataDir: new Blob([tarball]) });
    try {
      await pglite.query('select 1');
    } finally {
      await pglite.close();
    }
  } catch (error) {
    // Leave the folder as it was found: empty, or absent.
    if (existed) {
      for (const name of readdirSync(dataDir)) {
        rmSync(path.join(dataDir, name), { recursive: true });
      }
    } else {
      rmSync(dataDir, { recursive: true, force: true });
    }
    throw new BackupError(
      `${path.resolve(file)} could not be restored: ${(error as Error).message}`,
    );
  }
}

/** A gzipped tar whose entries include a PostgreSQL data folder's PG_VERSION. */
function isDataDirTarball(bytes: Buffer): boolean {
  let tar: Buffer;
  try {
    tar = gunzipSync(bytes);
  } catch {
    return false;
  }
  // Walks the 512-byte tar headers: name at 0 (100 bytes), size in octal at 124, magic at 257.
  for (let at = 0; at + 512 <= tar.length; ) {
    const header = tar.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    if (header.toString('latin1', 257, 262) !== 'ustar') return false;
    const name = header.toString('latin1', 0, 100).replace(/\0.*$/s, '');
    if (name === 'PG_VERSION' || name.endsWith('/PG_VERSION')) return true;
    const size = Number.parseInt(header.toString('latin1', 124, 136).replace(/\0.*$/s, ''), 8);
    if (!Number.isFinite(size)) return false;
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return false;
}
