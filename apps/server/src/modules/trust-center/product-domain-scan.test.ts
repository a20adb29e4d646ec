import { type ScanFixtures, startScanFixtures } from '@castellan/scanner/fixtures';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, useTestApp } from '../../../test/test-app';
import { domainScans } from '../../db/schema';
import { startJobs } from '../../jobs';
import { SCHEDULED_JOBS } from '../../jobs/scheduled-jobs';
import { scanProductDomain } from './product-domain-scan';

describe.each(databaseKinds())('the live grade of the product domain on %s', (kind) => {
  let fixtures: ScanFixtures;
  beforeAll(async () => {
    fixtures = await startScanFixtures();
  });
  afterAll(async () => {
    await fixtures?.close();
  });
  const server = useTestApp(kind, {
    env: { SCAN_ALLOW_PRIVATE: '1', TRUST_CENTER_DOMAIN: 'good.test' },
    scanner: () => fixtures.options,
  });

  const scansOfDomain = () =>
    server()
      .database.db.select({
        id: domainScans.id,
        state: domainScans.state,
        error: domainScans.error,
      })
      .from(domainScans)
      .where(eq(domainScans.domain, 'good.test'));

  /** Starts the scheduling jobs as a server process does, lets them work, and stops them. */
  async function startAndSettle() {
    const { database, config, app } = server();
    const jobs = await startJobs(database, config, app.log, {
      schedule: true,
      nudgeSpreadSeconds: 0,
      scanner: fixtures.options,
    });
    try {
      await jobs.drained();
      // The job queued a scan on the shared queue: let it run to its end too.
      await app.jobs.drained();
      await jobs.drained();
    } finally {
      await jobs.stop();
    }
  }

  it('is scheduled daily', () => {
    expect(SCHEDULED_JOBS.find((job) => job.name === 'product-domain-scan')?.cron).toBe(
      '15 4 * * *',
    );
  });

  it('scans the domain at start when it has no recent report, and then shows its grade', async () => {
    const before = await server().inject({ url: '/api/trust-center' });
    expect(before.json().productDomainReport).toBeNull();

    await startAndSettle();
    const scans = await scansOfDomain();
    expect(scans).toEqual([{ id: expect.any(String), state: 'done', error: null }]);
    const after = (await server().inject({ url: '/api/trust-center' })).json();
    expect(after.productDomainReport).toEqual({
      domain: 'good.test',
      grade: 'A',
      scannedAt: expect.any(String),
    });
    // The grade is the public report's, which anyone can open.
    const report = await server().inject({ url: '/api/risk-analysis/public/good.test' });
    expect(report.json().scan.report.grade).toBe(after.productDomainReport.grade);

    // A report younger than a day: a restart scans nothing.
    await startAndSettle();
    expect(await scansOfDomain()).toHaveLength(1);
  });

  it('reuses a scan of the last hour when the schedule runs it again', async () => {
    const { database, config, app } = server();
    const outcome = await scanProductDomain(database.db, config, app.jobs.scans);
    expect(outcome).toMatchObject({ skipped: 'scanned within the hour' });
    expect(await scansOfDomain()).toHaveLength(1);
  });
});

describe.each(databaseKinds())('without TRUST_CENTER_DOMAIN on %s', (kind) => {
  const server = useTestApp(kind);

  it('scans nothing and shows no grade', async () => {
    const { database, config, app } = server();
    expect(await scanProductDomain(database.db, config, app.jobs.scans)).toEqual({
      skipped: 'TRUST_CENTER_DOMAIN is not set',
    });
    const jobs = await startJobs(database, config, app.log, {
      schedule: true,
      nudgeSpreadSeconds: 0,
    });
    await jobs.drained();
    await jobs.stop();
    expect(await database.db.select({ id: domainScans.id }).from(domainScans)).toEqual([]);
    expect((await server().inject({ url: '/api/trust-center' })).json().productDomainReport).toBe(
      null,
    );
  });
});
