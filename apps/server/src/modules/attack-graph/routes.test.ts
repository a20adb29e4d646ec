import { type AttackGraphResponse, attackGraphResponse } from '@castellan/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recordFinishedScan } from '../../../test/recorded-scan';
import { ALICE, BEN, databaseKinds, expectError, useTestApp } from '../../../test/test-app';
import { organizations, users } from '../../db/schema';
import { loadSampleReport } from '../../demo/sample-report';
import { snapshotBreachCosts } from './service';

describe.each(databaseKinds())('attack graph API on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });

  const graphOf = async (cookie: string) => {
    const res = await server().inject({
      url: '/api/risk-analysis/attack-graph',
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    return attackGraphResponse.parse(res.json()) as AttackGraphResponse;
  };

  it('is for administrators only', async () => {
    expectError(await server().inject({ url: '/api/risk-analysis/attack-graph' }), 401);
    const member = await server().signIn(BEN);
    expectError(
      await server().inject({
        url: '/api/risk-analysis/attack-graph',
        headers: { cookie: member },
      }),
      403,
    );
  });

  it("joins the organisation's evidence into paths, and a completed task removes the paths it cut", async () => {
    const cookie = await server().signIn(ALICE);
    const graph = await graphOf(cookie);
    expect(graph.paths.length).toBeGreaterThan(0);
    const ids = new Set(graph.nodes.map((n) => n.id));
    for (const p of graph.paths) for (const id of p.nodeIds) expect(ids.has(id)).toBe(true);
    expect(graph.counts.openPaths + graph.counts.unknownPaths).toBe(graph.paths.length);

    // An entry point closed by an Admin task nothing checks automatically: mark it done here.
    const entry = graph.nodes.find(
      (n) =>
        n.kind === 'entry' &&
        n.tasks.length > 0 &&
        n.tasks.every((t) => t.user === null && t.heldOpenBy === null),
    );
    if (!entry) throw new Error('the demo organisation has no such entry point');
    for (const t of entry.tasks) {
      const done = await server().inject({
        method: 'POST',
        url: '/api/mark-action-complete',
        headers: { cookie },
        payload: { taskId: t.taskId },
      });
      expect(done.statusCode).toBe(200);
    }
    const after = await graphOf(cookie);
    expect(after.nodes.some((n) => n.id === entry.id)).toBe(false);
    expect(after.paths.some((p) => p.nodeIds[0] === entry.id)).toBe(false);
    expect(after.paths.length).toBe(graph.paths.filter((p) => p.nodeIds[0] !== entry.id).length);
  });

  it('explains the expected breach cost, and what inviting a member changed since last week', async () => {
    const alice = await server().signIn(ALICE);
    // The figure comes with the organisation's own risk analysis (the demo's sample is none).
    const [org] = await server()
      .database.db.select({ id: organizations.id, domain: organizations.domain })
      .from(organizations)
      .where(eq(organizations.domain, 'brightwave.example'));
    if (!org) throw new Error('no demo organisation');
    await recordFinishedScan(server().database.db, org.id, {
      ...loadSampleReport(),
      domain: org.domain,
    });
    const organization = async () =>
      (await server().inject({ url: '/api/organization', headers: { cookie: alice } })).json()
        .risk_analysis;
    const first = await organization();
    expect(first.breachCostExplanation).toEqual({
      why: expect.stringMatching(
        /^Why \$[\d,]+: 10 people, \d+ open ways? in .*; a breach of a company your size costs about \$[\d,]+\.$/,
      ),
      sinceLastWeek: 'Since today: this is the first figure kept; changes show from tomorrow.',
    });
    expect(first.breachCostExplanation.why).toContain(
      `Why $${first.expectedBreachCost.toLocaleString('en-US')}:`,
    );

    await snapshotBreachCosts(server().database.db, new Date(Date.now() - 8 * 86_400_000));
    expect((await organization()).breachCostExplanation.sinceLastWeek).toBe(
      'Since last week: no change.',
    );
    const invited = await server().inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: alice },
      payload: { email: 'new.colleague@brightwave.example' },
    });
    expect(invited.statusCode).toBeLessThan(300);
    const after = await organization();
    const added = after.expectedBreachCost - first.expectedBreachCost;
    expect(added).toBeGreaterThan(0);
    // The newcomer brings records, and accounts of their own without MFA yet.
    const since: string = after.breachCostExplanation.sinceLastWeek;
    expect(since).toMatch(
      /^Since last week: \+\$[\d,]+ because 1 person joined \(more records at risk\); \+\$[\d,]+ because Accounts without MFA is open for more people or devices\.$/,
    );
    const amounts = [...since.matchAll(/\+\$([\d,]+)/g)].map(([, n]) =>
      Number(n?.replaceAll(',', '')),
    );
    expect(amounts.reduce((sum, n) => sum + n, 0)).toBe(added);
    expect(after.breachCostExplanation.why).toContain('11 people');
  });

  it("shows only the caller's own organisation", async () => {
    const { db } = server().database;
    const [org] = await db
      .insert(organizations)
      .values({ domain: 'lonely.example', status: 'REGISTERED', isDemo: true })
      .returning({ id: organizations.id });
    await db.insert(users).values({
      organizationId: org?.id ?? '',
      email: 'solo@lonely.example',
      firstName: 'Solo',
      lastName: 'Owner',
      role: 'admin',
    });
    const graph = await graphOf(await server().signIn('solo@lonely.example'));
    const text = JSON.stringify(graph);
    expect(text).not.toMatch(/brightwave/i);
    expect(text).toContain('Solo Owner');
    // Nothing has looked at this organisation yet: every way in is unknown, none is "safe".
    expect(graph.counts.openPaths).toBe(0);
    expect(graph.counts.unknownEntryPoints).toBeGreaterThan(0);
  });
});
