import { withDefaults } from '@castellan/scanner';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseKinds, useTestApp } from '../../test/test-app';
import { domainScans } from '../db/schema';
import { ScanRunner } from './scan-runner';

describe.each(databaseKinds())('the scan runner on %s', (kind) => {
  const server = useTestApp(kind);

  it('marks scans lost with their process as failed when the app starts', async () => {
    const { db } = server().database;
    const [row] = await db
      .insert(domainScans)
      .values({ domain: 'lost.test', checksTotal: 5, startedAt: new Date(Date.now() - 3_600_000) })
      .returning({ id: domainScans.id });
    const runner = new ScanRunner(
      db,
      withDefaults({ timeouts: { scanMs: 1000 } }),
      server().app.log,
      { total: 1, perClient: 1 },
    );
    expect(await runner.failAbandoned()).toBeGreaterThanOrEqual(1);
    const [after] = await db
      .select()
      .from(domainScans)
      .where(eq(domainScans.id, row?.id ?? ''));
    expect(after).toMatchObject({ state: 'failed', error: expect.stringMatching(/interrupted/) });
  });
});
