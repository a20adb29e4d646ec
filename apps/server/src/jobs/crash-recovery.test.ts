import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { CRASH_TIMING, crashQueue } from '../../test/job-crash-queue';
import { silentLog } from '../../test/silent-log';
import { databaseKinds, freshDatabaseLocation } from '../../test/test-app';
import { JobQueue } from './job-queue';

const CHILD = path.resolve(import.meta.dirname, '../../test/job-crash-child.ts');
const ROOT = path.resolve(import.meta.dirname, '../../../..');

describe.each(databaseKinds())('a job cut off by a crash, on %s', (kind) => {
  it('runs again to completion when a queue starts after the crash', async () => {
    const location = await freshDatabaseLocation(kind, { onDisk: true });
    // Makes the data directory (PGlite) that the child then opens.
    await (await location.open()).close();
    const dir = mkdtempSync(path.join(tmpdir(), 'castellan-crash-'));
    const startedFile = path.join(dir, 'started');
    const child = spawn('npx', ['tsx', CHILD, JSON.stringify(location.target), startedFile], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      // Its own process group: npx runs tsx, which runs node, and all of them are killed at once.
      detached: true,
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      await vi.waitFor(() => expect(existsSync(startedFile)).toBe(true), {
        timeout: 45_000,
        interval: 100,
      });
      expect(JSON.parse(readFileSync(startedFile, 'utf8'))).toEqual({ order: 42 });
    } finally {
      process.kill(-(child.pid ?? 0), 'SIGKILL');
      await exited;
    }

    const database = await location.open();
    // On PGlite no heartbeat to wait for: the job must be recovered when the queue starts.
    const hour = 3_600_000;
    const timing =
      kind === 'pglite' ? { pollMs: 100, heartbeatMs: hour, staleAfterMs: hour } : CRASH_TIMING;
    const queue = new JobQueue(database, silentLog(), timing);
    const finished: unknown[] = [];
    queue.define(
      crashQueue(async (data) => {
        finished.push(data);
        return { finished: true };
      }),
    );
    try {
      await queue.start();
      // On PGlite at start (one process owns the data directory); on PostgreSQL once the dead
      // process's heartbeat is a second old.
      await queue.drained();
      expect(finished).toEqual([{ order: 42 }]);
      const { rows } = await database.executeSql(
        `select state, retry_count as "retryCount", output from pgboss.job where name = 'crash-test'`,
      );
      // The cut-off run counted as an attempt; the second one completed.
      expect(rows).toEqual([{ state: 'completed', retryCount: 1, output: { finished: true } }]);
    } finally {
      await queue.stop();
      await database.close();
      await location.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
