// `npm run backup [-- <folder>]`: writes a backup of the embedded database to
// <folder>/castellan-<time>.tar.gz (default folder: backups, beside the server's data folder).
import path from 'node:path';
import { loadConfig } from '../src/config';
import { BackupError, backupDataDir, backupFileName } from '../src/db/backup';
import { embeddedDataDir, fromInvocationFolder } from './backup-target';

try {
  const dataDir = embeddedDataDir(loadConfig());
  const folder = process.argv[2] ? fromInvocationFolder(process.argv[2]) : path.resolve('backups');
  const file = path.join(folder, backupFileName());
  await backupDataDir(dataDir, file);
  console.log(`Backed up ${path.resolve(dataDir)} to ${file}`);
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exit(1);
}
