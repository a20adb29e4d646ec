// `npm run restore <file>`: loads a backup made by `npm run backup` into the server's data
// folder (DATA_DIR), which must be empty or not exist yet.
import path from 'node:path';
import { loadConfig } from '../src/config';
import { BackupError, restoreDataDir } from '../src/db/backup';
import { embeddedDataDir, fromInvocationFolder } from './backup-target';

try {
  const [file, ...extra] = process.argv.slice(2);
  if (!file || extra.length > 0) throw new BackupError('Usage: npm run restore <backup file>');
  const dataDir = embeddedDataDir(loadConfig());
  await restoreDataDir(fromInvocationFolder(file), dataDir);
  console.log(`Restored ${file} into ${path.resolve(dataDir)}`);
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exit(1);
}
