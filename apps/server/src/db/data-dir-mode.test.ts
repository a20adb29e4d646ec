import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';

const root = mkdtempSync(path.join(tmpdir(), 'castellan-modes-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Everything under `dir` that group or others may read, write or enter. */
function openToOthers(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => (statSync(file).mode & 0o077) !== 0)
    .map((file) => `${(statSync(file).mode & 0o777).toString(8)} ${path.relative(dir, file)}`);
}

// Each test makes a new embedded database on disk (initdb and every migration): seconds alone,
// far more on a busy machine, and the time is not what is tested.
const NEW_DATABASE = { timeout: 90_000 };

describe('the embedded database’s data folder', NEW_DATABASE, () => {
  it('is 0700 and holds nothing readable by other users, at open and after close', async () => {
    const dataDir = path.join(root, 'data');
    const previous = process.umask(0o022);
    try {
      const database = await openDatabase({ dataDir });
      expect((statSync(dataDir).mode & 0o777).toString(8)).toBe('700');
      expect(openToOthers(dataDir)).toEqual([]);
      await database.executeSql('create table written_later (x int); checkpoint;');
      await database.close();
      expect((statSync(dataDir).mode & 0o777).toString(8)).toBe('700');
      expect(openToOthers(dataDir)).toEqual([]);
    } finally {
      process.umask(previous);
    }
  });

  it('takes group and others off a folder made before', async () => {
    const dataDir = path.join(root, 'older');
    const previous = process.umask(0o022);
    try {
      const first = await openDatabase({ dataDir });
      await first.close();
      chmodSync(dataDir, 0o755);
      const again = await openDatabase({ dataDir });
      expect((statSync(dataDir).mode & 0o777).toString(8)).toBe('700');
      expect(openToOthers(dataDir)).toEqual([]);
      await again.close();
    } finally {
      process.umask(previous);
    }
  });
});
