import type { FrameworksResponse } from '@castellan/contract';
import { describe, expect, it } from 'vitest';
import { taskCalls } from '../../../test/task-calls';
import { ALICE, BEN, databaseKinds, expectError, useTestApp } from '../../../test/test-app';
import { CATALOGUE } from '../tasks/catalogue';

describe.each(databaseKinds())('the frameworks API on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const tasks = taskCalls(server);
  const frameworks = async (cookie: string): Promise<FrameworksResponse> => {
    const res = await server().inject({ url: '/api/frameworks', headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('gives administrators each framework’s share, missing safeguards first', async () => {
    const alice = await server().signIn(ALICE);
    const { frameworks: [ig1, ce] = [] } = await frameworks(alice);
    expect(ig1).toMatchObject({ id: 'cis-ig1', name: 'CIS Controls v8 IG1', total: 56 });
    expect(ce).toMatchObject({ id: 'cyber-essentials', name: 'Cyber Essentials', total: 5 });
    for (const framework of [ig1, ce]) {
      if (!framework) throw new Error('a framework is missing');
      const met = framework.safeguards.map((s) => s.met);
      expect(met).toEqual([...met].sort((a, b) => Number(a) - Number(b)));
      expect(framework.met).toBe(met.filter(Boolean).length);
      // A met safeguard has tasks, all done by everyone they apply to.
      for (const s of framework.safeguards.filter((s) => s.met)) {
        expect(s.tasks.length).toBeGreaterThan(0);
        expect(s.tasks.every((t) => t.done === t.total)).toBe(true);
      }
    }
  });

  it('refuses members', async () => {
    expectError(
      await server().inject({
        url: '/api/frameworks',
        headers: { cookie: await server().signIn(BEN) },
      }),
      403,
    );
  });

  it('meets a safeguard once every task citing it is done, and the share rises', async () => {
    const alice = await server().signIn(ALICE);
    const aliceId = await tasks.idOf(ALICE);
    const before = await frameworks(alice);
    const ig1 = before.frameworks[0];
    // A missing safeguard whose tasks are all Admin tasks: Alice alone can meet it.
    const adminOnly = ig1?.safeguards.find(
      (s) =>
        !s.met &&
        s.tasks.length > 0 &&
        s.tasks.every((t) => CATALOGUE.find((c) => c.id === t.catalogueId)?.scope === 'Admin'),
    );
    if (!ig1 || !adminOnly) throw new Error('no safeguard only administrators can meet');
    for (const t of adminOnly.tasks.filter((t) => t.done < t.total)) {
      const res = await tasks.complete(`${t.catalogueId}:${aliceId}`, alice);
      expect(res.statusCode, res.body).toBe(200);
    }
    const after = (await frameworks(alice)).frameworks[0];
    // The same tasks may meet other safeguards too.
    expect(after?.met).toBeGreaterThan(ig1.met);
    expect(after?.safeguards.find((s) => s.id === adminOnly.id)).toMatchObject({ met: true });
  });
});
