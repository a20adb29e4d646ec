// What the backup commands share: the data folder the server uses, and paths given on the
// command line, which npm runs from this workspace's folder.
import path from 'node:path';
import type { Config } from '../src/config';
import { BackupError } from '../src/db/backup';

export function embeddedDataDir(config: Config): string {
  if (config.databaseUrl) {
    throw new BackupError(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump and restore with pg_restore (docs/running.md, "Backups").',
    );
  }
  if (config.dataDir.includes('://')) {
    throw new BackupError(`DATA_DIR ${config.dataDir} is not a folder on disk.`);
  }
  return config.dataDir;
}

/** A path as the person typed it: relative to where they ran npm (INIT_CWD), not to this folder. */
export function fromInvocationFolder(file: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}
