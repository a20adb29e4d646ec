import { type AttackGraphResponse, attackGraphResponse } from '@castellan/contract';
import { describe, expect, it } from 'vitest';
import { ALICE, BEN, databaseKinds, expectError, useTestApp } from '../../../test/test-app';
import { organizations, users } from '../../db/schema';

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
