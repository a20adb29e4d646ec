import type { DomainScan } from '@castellan/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScanFixtures, startScanFixtures } from '../../../test/fakes/scan-fixtures';
import { ALICE, BEN, databaseKinds, expectError, NOAH, useTestApp } from '../../../test/test-app';
import { domainScans, organizations, users } from '../../db/schema';
import { expectedBreachCost } from './breach-cost';

describe.each(databaseKinds())('risk analysis API on %s', (kind) => {
  let fixtures: ScanFixtures;
  beforeAll(async () => {
    fixtures = await startScanFixtures();
  });
  afterAll(async () => {
    await fixtures?.close();
  });
  const server = useTestApp(kind, {
    seed: true,
    env: { SCAN_ALLOW_PRIVATE: '1' },
    scanner: () => fixtures.options,
  });

  const post = async (url: string, payload?: object, cookie?: string) =>
    server().inject({
      method: 'POST',
      url,
      headers: cookie ? { cookie } : {},
      ...(payload ? { payload } : {}),
    });
  const get = async (url: string, cookie?: string) =>
    server().inject({ url, headers: cookie ? { cookie } : {} });

  /** Polls until the scan has finished. */
  async function finished(read: () => Promise<DomainScan | null>): Promise<DomainScan> {
    for (let i = 0; i < 200; i += 1) {
      const scan = await read();
      if (scan && scan.state !== 'running') return scan;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the scan did not finish');
  }

  /** An organisation on a fixture domain, with an admin who can sign in. */
  async function organisationOn(domain: string): Promise<string> {
    const { db } = server().database;
    const [org] = await db
      .insert(organizations)
      .values({ domain, status: 'REGISTERED' })
      .returning({ id: organizations.id });
    const email = `it@${domain}`;
    await db.insert(users).values({
      organizationId: org?.id ?? '',
      email,
      firstName: 'Ida',
      lastName: 'Tan',
      role: 'admin',
    });
    return server().signIn(email);
  }

  it('scans a public domain, shows progress, then the report, and reuses it', async () => {
    const started = await post('/api/risk-analysis/public', { domain: 'https://Good.test/' });
    expect(started.statusCode).toBe(200);
    const scan = started.json().scan as DomainScan;
    expect(scan).toMatchObject({ domain: 'good.test', checksTotal: expect.any(Number) });
    const done = await finished(
      async () => (await get('/api/risk-analysis/public/good.test')).json().scan,
    );
    expect(done.state).toBe('done');
    expect(done.checksDone).toBe(done.checksTotal);
    expect(done.report?.grade).toBe('A');
    // Asked again within the hour: the same report, no new scan.
    const again = await post('/api/risk-analysis/public', { domain: 'good.test' });
    expect(again.json().scan.id).toBe(scan.id);
  });

  it('refuses what is not a public domain name, with a clear message', async () => {
    for (const domain of ['localhost', '127.0.0.1', 'a b.com', 'http://x.com/path', '']) {
      expect(expectError(await post('/api/risk-analysis/public', { domain }), 400), domain).toMatch(
        /domain|address|path|port/i,
      );
    }
    expectError(await post('/api/risk-analysis/public', { domain: 'x'.repeat(400) }), 400);
    expectError(await get('/api/risk-analysis/public/unscanned.test'), 404);
  });

  it("scans the organisation's domain, keeps its history and feeds the score", async () => {
    const cookie = await organisationOn('bad.test');
    const res = await post('/api/risk-analysis', undefined, cookie);
    expect(res.statusCode).toBe(202);
    const done = await finished(
      async () => (await get('/api/risk-analysis', cookie)).json().latest,
    );
    expect(done).toMatchObject({ domain: 'bad.test', state: 'done' });
    const { history } = (await get('/api/risk-analysis', cookie)).json();
    expect(history).toEqual([
      {
        id: done.id,
        finishedAt: expect.any(String),
        score: done.report?.score,
        grade: expect.any(String),
      },
    ]);

    const org = (await get('/api/organization', cookie)).json();
    expect(org.risk_analysis).toMatchObject({
      id: done.id,
      score: done.report?.score,
      expectedBreachCost: expectedBreachCost(done.report?.score ?? null),
    });
    expect(org.riskAnalysis).toEqual(org.risk_analysis);

    // The scan found no SPF record: the task stays open and cannot be marked done by hand.
    const tasks = (await get('/api/actions', cookie)).json().tasks as {
      id: string;
      catalogueId: string;
      isCompleted: boolean;
    }[];
    const spf = tasks.find((t) => t.catalogueId === 'email-spf');
    expect(spf?.isCompleted).toBe(false);
    expectError(await post('/api/mark-action-complete', { taskId: spf?.id }, cookie), 409);
  });

  it('counts what the scan found in order as done', async () => {
    const cookie = await organisationOn('good.test');
    await post('/api/risk-analysis', undefined, cookie);
    await finished(async () => (await get('/api/risk-analysis', cookie)).json().latest);
    const tasks = (await get('/api/actions', cookie)).json().tasks as {
      catalogueId: string;
      isCompleted: boolean;
      completedBy: string | null;
    }[];
    expect(tasks.find((t) => t.catalogueId === 'email-dmarc')).toMatchObject({
      isCompleted: true,
      completedBy: 'Domain scan',
    });
  });

  it('reports a domain that does not exist as a failed scan', async () => {
    const alice = await server().signIn(ALICE);
    await post('/api/risk-analysis', undefined, alice);
    const done = await finished(async () => (await get('/api/risk-analysis', alice)).json().latest);
    expect(done.state).toBe('failed');
    expect(done.error).toMatch(/brightwave\.example/);
  });

  it('lets only administrators start it, and only signed-in users read it', async () => {
    expectError(await post('/api/risk-analysis', undefined, await server().signIn(BEN)), 403);
    expectError(await get('/api/risk-analysis'), 401);
  });

  it('marks scans lost with their process as failed when the app starts', async () => {
    const { db } = server().database;
    const [row] = await db
      .insert(domainScans)
      .values({ domain: 'lost.test', checksTotal: 5, startedAt: new Date(Date.now() - 3_600_000) })
      .returning({ id: domainScans.id });
    const { ScanRunner } = await import('./scan-runner');
    const runner = new ScanRunner(
      db,
      { ...fixtures.options, timeouts: { scanMs: 1000 } } as never,
      server().app.log,
    );
    expect(await runner.failAbandoned()).toBeGreaterThanOrEqual(1);
    const [after] = await db
      .select()
      .from(domainScans)
      .where(eq(domainScans.id, row?.id ?? ''));
    expect(after).toMatchObject({ state: 'failed', error: expect.stringMatching(/interrupted/) });
  });

  it('completes the registration of a pending organisation once', async () => {
    const noah = await server().signIn(NOAH);
    expect((await post('/api/registration/complete', undefined, noah)).json()).toEqual({
      status: 'REGISTERED',
    });
    expect((await get('/api/auth/user-data', noah)).json().organizationStatus).toBe('REGISTERED');
    expectError(await post('/api/registration/complete', undefined, noah), 409);
    expectError(
      await post('/api/registration/complete', undefined, await server().signIn(BEN)),
      403,
    );
  });
});

describe('the expected cost of a breach', () => {
  it('moves between half and one and a half times the base with the score', () => {
    expect(expectedBreachCost(null)).toBe(4_880_000);
    expect(expectedBreachCost(50)).toBe(4_880_000);
    expect(expectedBreachCost(100)).toBe(2_440_000);
    expect(expectedBreachCost(0)).toBe(7_320_000);
  });
});
