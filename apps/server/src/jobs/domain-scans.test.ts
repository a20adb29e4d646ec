import { randomUUID } from 'node:crypto';
import { SCAN_CHECK_COUNT } from '@castellan/scanner';
import { type ScanFixtures, startScanFixtures } from '@castellan/scanner/fixtures';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, useTestApp } from '../../test/test-app';
import type { Database } from '../db/client';
import { domainScans } from '../db/schema';
import { INTERNAL_FAILURE, INTERRUPTED } from '../modules/risk-analysis/scan-failure';
import { DOMAIN_SCAN_QUEUE } from './domain-scans';
import { startJobs } from './index';

const HOUR = 3_600_000;

/**
 * Leaves a scan as a process that died while running it would: its row half done, its job
 * active and claimed by a worker whose heartbeat stopped an hour ago, after `attempts` runs.
 */
async function scanCutOffByCrash(database: Database, attempts: number): Promise<string> {
  const [row] = await database.db
    .insert(domainScans)
    .values({ domain: 'good.test', checksTotal: SCAN_CHECK_COUNT, checksDone: 5 })
    .returning({ id: domainScans.id });
  const scanId = row?.id ?? '';
  const worker = randomUUID();
  await database.executeSql(
    `insert into pgboss.job (id, name, data, state, started_on, retry_count, retry_limit, policy)
     values ($1, $2, $3, 'active', now() - interval '1 hour', $4, 2, 'standard')`,
    [scanId, DOMAIN_SCAN_QUEUE, { scanId }, attempts - 1],
  );
  await database.executeSql(
    `insert into job_workers (id, host, pid, heartbeat_at) values ($1, 'gone', 1, now() - interval '1 hour')`,
    [worker],
  );
  await database.executeSql(
    `insert into job_claims (job_id, queue, worker_id) values ($1, $2, $3)`,
    [scanId, DOMAIN_SCAN_QUEUE, worker],
  );
  return scanId;
}

describe.each(databaseKinds())('domain scans as jobs on %s', (kind) => {
  let fixtures: ScanFixtures;
  beforeAll(async () => {
    fixtures = await startScanFixtures();
  });
  afterAll(async () => {
    await fixtures?.close();
  });
  const server = useTestApp(kind, {
    env: { SCAN_ALLOW_PRIVATE: '1' },
    scanner: () => fixtures.options,
  });

  const scanRow = async (id: string) => {
    const [row] = await server()
      .database.db.select()
      .from(domainScans)
      .where(eq(domainScans.id, id));
    return row;
  };

  /** Starts jobs as another server process would on the same database (recovery runs then). */
  async function anotherProcess() {
    const { database, config, app } = server();
    return startJobs(database, config, app.log, { scanner: fixtures.options });
  }

  it('answers with the recorded scan at once, and a worker runs it to its end', async () => {
    const { scans } = server().app.jobs;
    const good = await scans.start({
      domain: 'good.test',
      organizationId: null,
      requestedById: null,
    });
    const missing = await scans.start({
      domain: 'missing.test',
      organizationId: null,
      requestedById: null,
    });
    expect(good).toMatchObject({ state: 'running', checksDone: 0 });
    await server().app.jobs.drained();
    expect(await scanRow(good.id)).toMatchObject({
      state: 'done',
      checksDone: SCAN_CHECK_COUNT,
      report: expect.objectContaining({ grade: 'A' }),
    });
    expect(await scanRow(missing.id)).toMatchObject({
      state: 'failed',
      error: 'missing.test does not exist: there is no such name in DNS.',
    });
  });

  it('runs a scan cut off by a crash again, from the start, on the same row', async () => {
    const scanId = await scanCutOffByCrash(server().database, 1);
    const before = await scanRow(scanId);
    const jobs = await anotherProcess();
    try {
      await jobs.drained();
    } finally {
      await jobs.stop();
    }
    const after = await scanRow(scanId);
    expect(after).toMatchObject({ state: 'done', checksDone: SCAN_CHECK_COUNT, error: null });
    expect(after?.startedAt.getTime()).toBeGreaterThan(before?.startedAt.getTime() ?? 0);
  });

  it('fails, with a plain message, a scan cut off in its last attempt', async () => {
    const scanId = await scanCutOffByCrash(server().database, 3);
    const jobs = await anotherProcess();
    try {
      await jobs.drained();
    } finally {
      await jobs.stop();
    }
    expect(await scanRow(scanId)).toMatchObject({ state: 'failed', error: INTERNAL_FAILURE });
  });

  it('fails at start the scans marked running long ago that no job will run', async () => {
    const { db } = server().database;
    const longAgo = new Date(Date.now() - HOUR);
    const [lost] = await db
      .insert(domainScans)
      .values({ domain: 'lost.test', checksTotal: 5, startedAt: longAgo })
      .returning({ id: domainScans.id });
    const jobs = await anotherProcess();
    await jobs.stop();
    expect(await scanRow(lost?.id ?? '')).toMatchObject({ state: 'failed', error: INTERRUPTED });
  });
});
