import { readFileSync } from 'node:fs';
import path from 'node:path';
import type {
  AttackGraphResponse,
  DomainScan,
  OrganizationAnalysisResponse,
  Task,
} from '@castellan/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recordFinishedScan } from '../../test/recorded-scan';
import { ALICE, databaseKinds, useTestApp } from '../../test/test-app';
import { domainScans, organizations, taskEvidence } from '../db/schema';
import { breachCost, loadAttackGraphInput } from '../modules/attack-graph/service';
import { digestFacts } from '../modules/mail/digest-facts';
import { findRecentPublicScan, finishScan, insertScan } from '../modules/risk-analysis/repository';
import { latestAnalysisSummary, organizationAnalysis } from '../modules/risk-analysis/service';
import { taskVerdicts } from '../modules/risk-analysis/verdicts';
import { catalogueById } from '../modules/tasks/catalogue';
import { recordScanEvidence } from '../modules/tasks/scan-evidence';
import { loadSampleReport } from './sample-report';
import { seedDemo, seedSampleReports } from './seed';

const PRODUCT_DOMAIN = 'castellan.example';
const MIGRATION_0017 = path.join(
  import.meta.dirname,
  '../db/migrations/0018_sample_is_no_evidence.sql',
);
const report = loadSampleReport();

/** The Admin tasks a scan with the sample's findings judges, with their verdict. */
const judged = [...taskVerdicts(report.findings)].filter(
  ([taskId]) => catalogueById.get(taskId)?.scope === 'Admin',
);

describe.each(databaseKinds())('the sample report with demo data on, on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const get = async (url: string) =>
    server().inject({ url, headers: { cookie: await server().signIn(ALICE) } });
  const brightwave = async () => {
    const [org] = await server()
      .database.db.select()
      .from(organizations)
      .where(eq(organizations.domain, 'brightwave.example'));
    if (!org) throw new Error('no demo organisation');
    return org;
  };
  const aliceTasks = async () =>
    ((await get('/api/actions')).json().tasks as Task[]).filter((t) => t.user === ALICE);
  const scanEvidenceOf = (tasks: Task[]) =>
    tasks.flatMap((t) => t.evidence.filter((e) => e.source === 'domain-scan'));
  const graphEvidence = async () =>
    ((await get('/api/risk-analysis/attack-graph')).json() as AttackGraphResponse).nodes.flatMap(
      (n) => n.evidence,
    );

  it("is the demo organisation's latest analysis, marked as a sample, outside its history", async () => {
    const res = await get('/api/risk-analysis');
    expect(res.statusCode).toBe(200);
    const body = res.json() as OrganizationAnalysisResponse;
    expect(body.domain).toBe('brightwave.example');
    const latest = body.latest as DomainScan;
    expect(latest).toMatchObject({ sample: true, state: 'done', domain: 'smallco.test' });
    expect(latest.checksDone).toBe(latest.checksTotal);
    expect(latest.report?.findings).toEqual(report.findings);
    expect(latest.report?.score).toBe(report.score);
    // Not a score of the organisation's own: the score history stays empty.
    expect(body.history).toEqual([]);
  });

  it('is not the organisation’s risk analysis summary and leaves its breach cost alone', async () => {
    const org = await brightwave();
    expect((await get('/api/organization')).json().riskAnalysis).toBeNull();
    const { db } = server().database;
    const input = await loadAttackGraphInput(db, org.id);
    expect(input.findings).toBeNull();
    expect(input.available.has('domain-scan')).toBe(false);
    // The same cost as with the sample gone.
    const withSample = await breachCost(db, org.id);
    await db.delete(domainScans).where(eq(domainScans.organizationId, org.id));
    expect(await breachCost(db, org.id)).toEqual(withSample);
    expect(await seedSampleReports(db)).toBe(1);
  });

  it('records no task evidence, no attack-graph finding and no digest finding', async () => {
    expect(judged.some(([, verdict]) => verdict === 'fail')).toBe(true);
    expect(scanEvidenceOf(await aliceTasks())).toEqual([]);
    expect((await graphEvidence()).filter((e) => e.source === 'domain-scan')).toEqual([]);
    const digest = await digestFacts(server().database.db, (await brightwave()).id, new Date());
    expect(digest).toMatchObject({ newFindings: [], grade: null });
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

  it('gives way everywhere to a real scan of the organisation’s domain', async () => {
    const org = await brightwave();
    const sample = (await get('/api/risk-analysis')).json().latest as DomainScan;
    const real = await recordFinishedScan(server().database.db, org.id, {
      ...report,
      domain: org.domain,
    });

    const analysis = (await get('/api/risk-analysis')).json() as OrganizationAnalysisResponse;
    expect(analysis.latest).toMatchObject({ id: real.id, sample: false, domain: org.domain });
    expect(analysis.history.map((h) => h.id)).toEqual([real.id]);
    expect(JSON.stringify(analysis)).not.toContain(sample.id);
    expect((await get('/api/organization')).json().riskAnalysis).toMatchObject({
      id: real.id,
      domain: org.domain,
      score: report.score,
    });

    // The real scan's findings are now the organisation's evidence.
    const tasks = await aliceTasks();
    for (const [catalogueId, verdict] of judged) {
      const task = tasks.find((t) => t.catalogueId === catalogueId);
      if (!task) continue; // Not in this organisation's catalogue (its office suite).
      expect(task.evidence, catalogueId).toEqual([
        expect.objectContaining({ source: 'domain-scan', verdict }),
      ]);
      if (verdict === 'fail') expect(task.isCompleted, catalogueId).toBe(false);
    }
    expect(scanEvidenceOf(tasks).length).toBeGreaterThan(0);
    const failing = report.findings.filter((f) => f.status === 'fail');
    const fromScan = (await graphEvidence()).filter((e) => e.source === 'domain-scan');
    expect(fromScan.length).toBeGreaterThan(0);
    for (const e of fromScan) expect(failing.map((f) => f.id)).toContain(e.findingId);
    const { db } = server().database;
    expect((await loadAttackGraphInput(db, org.id)).findings).toEqual(report.findings);
    const digest = await digestFacts(db, org.id, new Date());
    expect(digest.grade).toEqual({ before: null, now: report.grade });
    expect(digest.newFindings.sort()).toEqual(failing.map((f) => f.title).sort());
  });

  it('stays hidden behind a real scan, even one still running, and is not seeded again', async () => {
    const { db } = server().database;
    const [org] = await db
      .select()
      .from(organizations)
      .where(eq(organizations.domain, `sandbox.${PRODUCT_DOMAIN}`));
    if (!org) throw new Error('no sandbox organisation');
    const running = await insertScan(db, {
      domain: org.domain,
      organizationId: org.id,
      requestedById: null,
      checksTotal: report.findings.length,
    });
    expect((await organizationAnalysis(db, org.id)).latest).toMatchObject({
      id: running.id,
      state: 'running',
      sample: false,
    });
    await finishScan(db, running.id, { report: { ...report, domain: org.domain } });
    const analysis = await organizationAnalysis(db, org.id);
    expect(analysis.latest).toMatchObject({ id: running.id, sample: false });
    expect(analysis.history.map((h) => h.id)).toEqual([running.id]);
    expect(await latestAnalysisSummary(db, org.id)).toMatchObject({ id: running.id });
    expect(await seedSampleReports(db)).toBe(0);
    expect((await organizationAnalysis(db, org.id)).latest?.id).toBe(running.id);
  });
  it('migration 0018 drops the scan evidence earlier seeds drew from it, and only that', async () => {
    const { db } = server().database;
    const orgId = async (domain: string) => {
      const [org] = await db.select().from(organizations).where(eq(organizations.domain, domain));
      if (!org) throw new Error(`no ${domain}`);
      return org.id;
    };
    // Tidewater has only its sample; the sandbox has a real scan (the test above).
    const [sampleOnly, scanned] = [
      await orgId('tidewater.example'),
      await orgId(`sandbox.${PRODUCT_DOMAIN}`),
    ];
    await recordScanEvidence(db, sampleOnly, report.findings, new Date());
    await recordScanEvidence(db, scanned, report.findings, new Date());
    const scanEvidence = async (organizationId: string) =>
      db
        .select()
        .from(taskEvidence)
        .where(
          and(
            eq(taskEvidence.organizationId, organizationId),
            eq(taskEvidence.source, 'domain-scan'),
          ),
        );
    const kept = await scanEvidence(scanned);
    expect(kept.length).toBeGreaterThan(0);
    expect((await scanEvidence(sampleOnly)).length).toBeGreaterThan(0);

    await db.execute(sql.raw(readFileSync(MIGRATION_0017, 'utf8')));
    expect(await scanEvidence(sampleOnly)).toEqual([]);
    expect(await scanEvidence(scanned)).toEqual(kept);
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
