import type { DomainScan, OrganizationAnalysisResponse, Task } from '@castellan/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ALICE, databaseKinds, useTestApp } from '../../test/test-app';
import { domainScans, organizations } from '../db/schema';
import { findRecentPublicScan, finishScan, insertScan } from '../modules/risk-analysis/repository';
import { latestAnalysisSummary, organizationAnalysis } from '../modules/risk-analysis/service';
import { taskVerdicts } from '../modules/risk-analysis/verdicts';
import { catalogueById } from '../modules/tasks/catalogue';
import { loadSampleReport } from './sample-report';
import { seedDemo, seedSampleReports } from './seed';

const PRODUCT_DOMAIN = 'castellan.example';
const report = loadSampleReport();

/** The Admin tasks the sample's findings judge, with their verdict (as a real scan records). */
const judged = [...taskVerdicts(report.findings)].filter(
  ([taskId]) => catalogueById.get(taskId)?.scope === 'Admin',
);

describe.each(databaseKinds())('the sample report with demo data on, on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const get = async (url: string) =>
    server().inject({ url, headers: { cookie: await server().signIn(ALICE) } });

  it("is the demo organisation's latest analysis, marked as a sample", async () => {
    const res = await get('/api/risk-analysis');
    expect(res.statusCode).toBe(200);
    const body = res.json() as OrganizationAnalysisResponse;
    expect(body.domain).toBe('brightwave.example');
    const latest = body.latest as DomainScan;
    expect(latest).toMatchObject({ sample: true, state: 'done', domain: 'smallco.test' });
    expect(latest.checksDone).toBe(latest.checksTotal);
    expect(latest.report?.findings).toEqual(report.findings);
    expect(latest.report?.score).toBe(report.score);
    expect(body.history).toEqual([
      expect.objectContaining({ id: latest.id, score: report.score, sample: true }),
    ]);
  });

  it("fills the organisation's risk analysis summary, marked as a sample", async () => {
    const org = (await get('/api/organization')).json();
    expect(org.riskAnalysis).toMatchObject({
      sample: true,
      score: report.score,
      grade: report.grade,
      failedChecks: report.findings.filter((f) => f.status === 'fail').length,
    });
  });

  it('records the task evidence a scan with these findings records', async () => {
    expect(judged.some(([, verdict]) => verdict === 'fail')).toBe(true);
    const tasks = (await get('/api/actions')).json().tasks as Task[];
    for (const [catalogueId, verdict] of judged) {
      const task = tasks.find((t) => t.catalogueId === catalogueId && t.user === ALICE);
      if (!task) continue; // Not in this organisation's catalogue (its office suite).
      expect(task.evidence, catalogueId).toEqual([
        expect.objectContaining({ source: 'domain-scan', verdict }),
      ]);
      if (verdict === 'fail') expect(task.isCompleted, catalogueId).toBe(false);
    }
    const failing = judged.filter(([, v]) => v === 'fail').map(([id]) => id);
    const open = tasks.filter((t) => failing.includes(t.catalogueId) && t.user === ALICE);
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((t) => !t.isCompleted)).toBe(true);
  });

  it('is given once: seeding again adds nothing', async () => {
    const { db } = server().database;
    const before = await db.select().from(domainScans);
    expect(await seedDemo(db, PRODUCT_DOMAIN)).toBe(false);
    expect(await seedSampleReports(db)).toBe(0);
    expect(await db.select().from(domainScans)).toEqual(before);
    // One sample per registered demo organisation on a domain that cannot be scanned, and only
    // those: a registering one (northfield.example) starts with a scan of its own.
    const orgs = await db.select().from(organizations);
    expect(orgs.some((o) => o.isDemo && o.status === 'PENDING')).toBe(true);
    expect(before.map((r) => r.organizationId).sort()).toEqual(
      orgs
        .filter((o) => o.isDemo && o.status === 'REGISTERED')
        .map((o) => o.id)
        .sort(),
    );
    expect(before.every((r) => r.sample && r.state === 'done')).toBe(true);
  });

  it('is never a public report, whatever domain it names', async () => {
    const { db } = server().database;
    expect(await findRecentPublicScan(db, report.domain, new Date(0))).toBeNull();
  });

  it('is superseded by a real scan started later', async () => {
    const { db } = server().database;
    const [org] = await db
      .select()
      .from(organizations)
      .where(eq(organizations.domain, `sandbox.${PRODUCT_DOMAIN}`));
    if (!org) throw new Error('no sandbox organisation');
    const real = await insertScan(db, {
      domain: org.domain,
      organizationId: org.id,
      requestedById: null,
      checksTotal: report.findings.length,
    });
    await finishScan(db, real.id, { report: { ...report, domain: org.domain } });
    const analysis = await organizationAnalysis(db, org.id);
    expect(analysis.latest).toMatchObject({ id: real.id, sample: false });
    expect(analysis.history.map((h) => h.sample)).toEqual([true, false]);
    expect(await latestAnalysisSummary(db, org.id)).toMatchObject({ id: real.id, sample: false });
    // Seeding again does not bring the sample back on top.
    expect(await seedSampleReports(db)).toBe(0);
    expect((await organizationAnalysis(db, org.id)).latest?.id).toBe(real.id);
  });
});

describe.each(databaseKinds())('the sample report with demo data off, on %s', (kind) => {
  const server = useTestApp(kind);

  it('does not exist', async () => {
    const { db } = server().database;
    // An organisation of its own on a domain that cannot be scanned: still no sample.
    await db.insert(organizations).values({ domain: 'someone.example', status: 'REGISTERED' });
    expect(await db.select().from(domainScans)).toEqual([]);
    // Not even when the demo seed runs later on this database: it adds no organisation then,
    // and samples go to demo organisations only.
    expect(await seedDemo(db, PRODUCT_DOMAIN)).toBe(false);
    expect(await db.select().from(domainScans)).toEqual([]);
  });
});
