import type { DomainScan } from '@castellan/contract';
import { ScanError } from '@castellan/scanner';
import { type ScanFixtures, startScanFixtures } from '@castellan/scanner/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HeldDnsServer, startHeldDnsServer } from '../../../test/fakes/held-dns-server';
import { ALICE, BEN, databaseKinds, expectError, useTestApp } from '../../../test/test-app';
import { organizations, users } from '../../db/schema';
import { TOO_MANY_SCANS } from './background-scans';
import { scanFailureMessage } from './scan-failure';

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

  /** An organisation on a fixture domain, with an admin who can sign in (test login: a demo one). */
  async function organisationOn(domain: string): Promise<string> {
    const { db } = server().database;
    const [org] = await db
      .insert(organizations)
      .values({ domain, status: 'REGISTERED', isDemo: true })
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
    });
    // The breach cost follows the model of the attack graph (its own tests); here its shape.
    const { low, expected, high } = org.risk_analysis.expectedBreachCostRange;
    expect(org.risk_analysis.expectedBreachCost).toBe(expected);
    expect(0 < low && low <= expected && expected <= high).toBe(true);
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
    const dmarc = async () =>
      (
        (await get('/api/actions', cookie)).json().tasks as {
          catalogueId: string;
          isCompleted: boolean;
          completedBy: string | null;
        }[]
      ).find((t) => t.catalogueId === 'email-dmarc');
    // The scan's report is stored first, then what it says of the tasks: wait for the second.
    await expect
      .poll(dmarc, { timeout: 10_000 })
      .toMatchObject({ isCompleted: true, completedBy: 'Domain scan' });
  });

  it('reports a domain that does not exist as a failed scan', async () => {
    const alice = await server().signIn(ALICE);
    await post('/api/risk-analysis', undefined, alice);
    const done = await finished(async () => (await get('/api/risk-analysis', alice)).json().latest);
    expect(done.state).toBe('failed');
    expect(done.error).toBe('brightwave.example does not exist: there is no such name in DNS.');
  });

  it('lets only administrators start it, and only signed-in users read it', async () => {
    expectError(await post('/api/risk-analysis', undefined, await server().signIn(BEN)), 403);
    expectError(await get('/api/risk-analysis'), 401);
  });
});

describe.each(databaseKinds())('caps on public scans running at once, on %s', (kind) => {
  let dns: HeldDnsServer;
  beforeAll(async () => {
    dns = await startHeldDnsServer();
  });
  const server = useTestApp(kind, {
    env: { SCAN_ALLOW_PRIVATE: '1', SCAN_MAX_CONCURRENT: '3', SCAN_MAX_PER_CLIENT: '2' },
    // The DNS server holds every question: scans stay running until it is released.
    scanner: () => ({
      dnsServers: [dns.server],
      allowPrivate: true,
      timeouts: { dnsMs: 60_000, dnsTries: 1, scanMs: 60_000 },
    }),
  });
  // Hooks after a test run last-registered first: the scans end before the app closes.
  afterAll(async () => {
    await dns?.close();
  });

  const start = (domain: string, client: string) =>
    server().inject({
      method: 'POST',
      url: '/api/risk-analysis/public',
      payload: { domain },
      remoteAddress: client,
    });
  const expectFull = (res: Awaited<ReturnType<typeof start>>) => {
    expect(expectError(res, 429)).toBe(TOO_MANY_SCANS);
    expect(res.headers['retry-after']).toBe('60');
  };
  async function failedScan(domain: string): Promise<DomainScan> {
    for (let i = 0; i < 200; i += 1) {
      const scan = (await server().inject({ url: `/api/risk-analysis/public/${domain}` })).json()
        .scan as DomainScan;
      if (scan.state !== 'running') return scan;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`the scan of ${domain} did not end`);
  }

  it('answers 429 with Retry-After when a client or everyone has too many running', async () => {
    const first = await start('one.test', '203.0.113.1');
    expect(first.statusCode).toBe(200);
    expect(first.json().scan.state).toBe('running');
    expect((await start('two.test', '203.0.113.1')).statusCode).toBe(200);
    expectFull(await start('three.test', '203.0.113.1'));
    // A domain already being scanned is answered with that scan: no new slot is needed.
    expect((await start('one.test', '203.0.113.1')).json().scan.id).toBe(first.json().scan.id);

    expect((await start('four.test', '203.0.113.2')).statusCode).toBe(200);
    expectFull(await start('five.test', '203.0.113.3'));
    // All three scans are waiting on the DNS server.
    for (let i = 0; i < 100 && dns.held() < 3; i += 1) await new Promise((r) => setTimeout(r, 20));
    expect(dns.held()).toBeGreaterThanOrEqual(3);

    // The scans end (the DNS server refuses them): their slots are free again.
    dns.release();
    for (const domain of ['one.test', 'two.test', 'four.test']) await failedScan(domain);
    let again = await start('five.test', '203.0.113.3');
    for (let i = 0; i < 20 && again.statusCode === 429; i += 1) {
      await new Promise((r) => setTimeout(r, 50));
      again = await start('five.test', '203.0.113.3');
    }
    expect(again.statusCode).toBe(200);
    expect((await start('three.test', '203.0.113.1')).statusCode).toBe(200);
  });

  it("shows a failed scan with a plain message, not the resolver's error", async () => {
    const scan = await failedScan('one.test');
    expect(scan.state).toBe('failed');
    expect(scan.error).toBe(
      'The DNS servers of one.test could not be reached. Please try again later.',
    );
    expect(scan.error).not.toMatch(/EREFUSED|refused|127\.0\.0\.1|query/i);
  });
});

describe('the message of a failed scan', () => {
  it('is one plain text per kind of failure, never the error itself', () => {
    const internal = new Error('connect ECONNREFUSED 10.1.2.3:5432');
    expect(scanFailureMessage(internal, 'acme.com')).toBe(
      'The analysis could not be completed because of a problem on our side. Please try again later.',
    );
    const dns = new ScanError(
      'dns-unavailable',
      'acme.com could not be looked up: queryA ETIMEOUT',
    );
    expect(scanFailureMessage(dns, 'acme.com')).toBe(
      'The DNS servers of acme.com could not be reached. Please try again later.',
    );
    expect(scanFailureMessage(new ScanError('domain-not-found', 'x'), 'acme.com')).toBe(
      'acme.com does not exist: there is no such name in DNS.',
    );
  });
});
