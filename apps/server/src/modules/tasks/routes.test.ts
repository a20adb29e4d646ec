import type { Task } from '@castellan/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ALICE, BEN, databaseKinds, expectError, NOAH, useTestApp } from '../../../test/test-app';
import { taskCompletions, users } from '../../db/schema';
import { CATALOGUE } from './catalogue';
import { catalogueFor } from './progress';
import { dayOf, snapshotScores } from './service';

// The demo company works in Google Workspace: no Microsoft 365 tasks.
const catalogue = catalogueFor(CATALOGUE, 'google');
const individual = catalogue.filter((t) => t.scope === 'Individual');
const adminOnly = catalogue.filter((t) => t.scope === 'Admin');
const ISLA = 'isla.jones@brightwave.example'; // a member with nothing done in the demo data

describe.each(databaseKinds())('tasks and the cyber score on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const get = async (url: string, cookie: string) => server().inject({ url, headers: { cookie } });
  const complete = async (taskId: string, cookie: string) =>
    server().inject({
      method: 'POST',
      url: '/api/mark-action-complete',
      headers: { cookie },
      payload: { taskId },
    });
  const tasksOf = async (cookie: string, scope = 'mine'): Promise<Task[]> =>
    (await get(`/api/actions?scope=${scope}`, cookie)).json().tasks;
  const idOf = async (email: string) => {
    const [row] = await server()
      .database.db.select({ id: users.id })
      .from(users)
      .where(eq(users.email, email));
    if (!row) throw new Error(email);
    return row.id;
  };

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

  it('raises the score and both progress figures when a member completes a task', async () => {
    const cookie = await server().signIn(ISLA);
    const before = (await get('/api/get-score', cookie)).json();
    expect(before.breakdown).toHaveLength(4);
    expect(before.history.at(-1)).toEqual({ date: dayOf(new Date()), score: before.score });
    const mfa = (await tasksOf(cookie)).find((t) => t.catalogueId === 'enable-mfa');
    await complete(mfa?.id ?? '', cookie);
    const after = (await get('/api/get-score', cookie)).json();
    expect(after.score).toBeGreaterThan(before.score);
    expect(after.yourProgress.completed).toBe(before.yourProgress.completed + 1);
    expect(after.teamProgress.completed).toBe(before.teamProgress.completed + 1);
    expect(after.teamProgress.total).toBe(before.teamProgress.total);
  });

  it('keeps a daily snapshot for the trend', async () => {
    const yesterday = new Date(Date.now() - 86_400_000);
    await snapshotScores(server().database.db, yesterday);
    await snapshotScores(server().database.db, yesterday); // a second run replaces it
    const { history, score } = (await get('/api/get-score', await server().signIn(ALICE))).json();
    expect(history).toEqual([
      { date: dayOf(yesterday), score: expect.any(Number) },
      { date: dayOf(new Date()), score },
    ]);
  });

  it('lists employees with their progress to administrators only', async () => {
    const alice = await server().signIn(ALICE);
    const res = await get('/api/list-employees', alice);
    const employees = res.json().employees as {
      email: string;
      fullName: string;
      totalTasks: number;
      completedTasks: number;
      openHighRiskTasks: number;
    }[];
    expect(employees).toHaveLength(10);
    expect(employees.find((e) => e.email === BEN)).toMatchObject({
      fullName: 'Ben Carter',
      totalTasks: individual.length,
      completedTasks: expect.any(Number),
    });
    expect(employees.find((e) => e.email === ALICE)?.totalTasks).toBe(catalogue.length);
    expectError(await get('/api/list-employees', await server().signIn(BEN)), 403);
  });

  it('gives a new member their tasks, and ignores progress on retired tasks', async () => {
    const alice = await server().signIn(ALICE);
    await server().inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: alice },
      payload: { email: 'new.starter@brightwave.example' },
    });
    const [org] = await server()
      .database.db.select({ id: users.organizationId })
      .from(users)
      .where(eq(users.email, ALICE));
    await server()
      .database.db.insert(taskCompletions)
      .values({
        organizationId: org?.id ?? '',
        catalogueId: 'a-retired-task',
        catalogueVersion: 1,
        userId: await idOf(BEN),
      });
    const employees = (await get('/api/list-employees', alice)).json().employees;
    expect(employees).toContainEqual(
      expect.objectContaining({
        email: 'new.starter@brightwave.example',
        completedTasks: 0,
        totalTasks: individual.length,
      }),
    );
    const score = (await get('/api/get-score', alice)).json();
    expect(score.teamProgress.total).toBe(individual.length * 11 + adminOnly.length);
  });
});
