import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { taskCalls } from '../../../test/task-calls';
import { ALICE, BEN, databaseKinds, expectError, NOAH, useTestApp } from '../../../test/test-app';
import { taskCompletions } from '../../db/schema';
import { catalogueFor } from './assignment';
import { CATALOGUE } from './catalogue';

// The demo company works in Google Workspace: no Microsoft 365 tasks.
const catalogue = catalogueFor(CATALOGUE, 'google');
const individual = catalogue.filter((t) => t.scope === 'Individual');
const adminOnly = catalogue.filter((t) => t.scope === 'Admin');
const ISLA = 'isla.jones@brightwave.example'; // a member with nothing done in the demo data

describe.each(databaseKinds())('tasks and the cyber score on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const { get, complete, tasksOf, idOf } = taskCalls(server);

  it('gives a member every Individual task and an admin the Admin tasks too', async () => {
    const ben = await tasksOf(await server().signIn(BEN));
    expect(ben.map((t) => t.catalogueId).sort()).toEqual(individual.map((t) => t.id).sort());
    expect(ben.every((t) => t.user === BEN && t.scope === 'Individual')).toBe(true);
    const mfa = ben.find((t) => t.catalogueId === 'enable-mfa');
    expect(mfa).toMatchObject({
      id: `enable-mfa:${await idOf(BEN)}`,
      riskLevel: expect.any(String),
      labels: expect.arrayContaining(['Individual']),
      content: { summary: expect.any(String), why: expect.any(String) },
    });
    expect(mfa?.content.instructions.length).toBeGreaterThan(0);
    // Ten members: a member's two-step verification adds a tenth of its 10 points.
    expect(mfa).toMatchObject({ minutes: 5, points: 0.3, priority: 'High' });
    expect(mfa?.labels).toContain('High priority');

    const alice = await tasksOf(await server().signIn(ALICE));
    expect(alice).toHaveLength(catalogue.length);
    expect(alice.map((t) => t.catalogueId)).toContain('enforce-mfa-google-workspace');
    expect(alice.map((t) => t.catalogueId)).not.toContain('enforce-mfa-microsoft-365');
    expect(alice.filter((t) => t.scope === 'Admin')).toHaveLength(adminOnly.length);
  });

  it("shows an administrator the whole organisation's tasks, and only theirs", async () => {
    const alice = await server().signIn(ALICE);
    const all = await tasksOf(alice, 'organization');
    const assignees = new Set(all.map((t) => t.user));
    expect(assignees.size).toBe(10);
    expect([...assignees].every((e) => e.endsWith('@brightwave.example'))).toBe(true);
    expect(new Set(all.map((t) => t.id)).size).toBe(all.length);
    expectError(await get('/api/actions?scope=organization', await server().signIn(BEN)), 403);
    expectError(await get('/api/actions?scope=everyone', alice), 400);
  });

  it('completes a member’s own task once, recording who and when', async () => {
    const cookie = await server().signIn(ISLA);
    const open = (await tasksOf(cookie)).find((t) => t.catalogueId === 'use-password-manager');
    expect(open?.isCompleted).toBe(false);
    const res = await complete(open?.id ?? '', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().task).toMatchObject({
      id: open?.id,
      minutes: open?.minutes,
      points: open?.points,
      priority: open?.priority,
      isCompleted: true,
      completedBy: 'Isla Jones',
      completedAt: expect.any(String),
    });
    // Again: nothing changes, and the list shows it done.
    expect((await complete(open?.id ?? '', cookie)).json().task.completedAt).toBe(
      res.json().task.completedAt,
    );
    const after = (await tasksOf(cookie)).find((t) => t.id === open?.id);
    expect(after?.isCompleted).toBe(true);
    const rows = await server()
      .database.db.select()
      .from(taskCompletions)
      .where(eq(taskCompletions.userId, await idOf(ISLA)));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.completedById).toBe(await idOf(ISLA));
  });

  it("refuses others' tasks: 403 in the organisation, 404 outside it or unknown", async () => {
    const ben = await server().signIn(BEN);
    const chloe = await idOf('chloe.davies@brightwave.example');
    expectError(await complete(`enable-mfa:${chloe}`, ben), 403);
    // Not Ben's: an Admin task, another organisation's task, a task that does not exist.
    expectError(await complete(`${adminOnly[0]?.id}:${await idOf(BEN)}`, ben), 404);
    expectError(await complete(`enable-mfa:${await idOf(NOAH)}`, ben), 404);
    expectError(await complete(`no-such-task:${await idOf(BEN)}`, ben), 404);
    expectError(await complete('enable-mfa', ben), 400);
    // Even an administrator completes only members' tasks that are theirs.
    expectError(await complete(`enable-mfa:${chloe}`, await server().signIn(ALICE)), 403);
  });

  it('shares an Admin task between all administrators', async () => {
    const alice = await server().signIn(ALICE);
    const task = adminOnly.find((t) => t.id === 'limit-super-admins') ?? adminOnly[0];
    const res = await complete(`${task?.id}:${await idOf(ALICE)}`, alice);
    expect(res.json().task.isCompleted).toBe(true);
    // Chloe becomes an admin: the task is already done for her.
    const chloe = 'chloe.davies@brightwave.example';
    await server().inject({
      method: 'PATCH',
      url: `/api/users/${await idOf(chloe)}`,
      headers: { cookie: alice },
      payload: { role: 'admin' },
    });
    const hers = (await tasksOf(await server().signIn(chloe))).find(
      (t) => t.catalogueId === task?.id,
    );
    expect(hers).toMatchObject({ isCompleted: true, completedBy: 'Alice Morgan', user: chloe });
  });
});
