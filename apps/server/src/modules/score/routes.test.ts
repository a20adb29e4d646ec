import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { taskCalls } from '../../../test/task-calls';
import { ALICE, BEN, databaseKinds, NOAH, useTestApp } from '../../../test/test-app';
import { taskCompletions, users } from '../../db/schema';
import { catalogueFor } from '../tasks/assignment';
import { CATALOGUE } from '../tasks/catalogue';
import { dayOf, snapshotScores } from './service';

// The demo company works in Google Workspace: no Microsoft 365 tasks.
const catalogue = catalogueFor(CATALOGUE, 'google');
const individual = catalogue.filter((t) => t.scope === 'Individual');
const adminOnly = catalogue.filter((t) => t.scope === 'Admin');
const ISLA = 'isla.jones@brightwave.example'; // a member with nothing done in the demo data

describe.each(databaseKinds())('the cyber score and team progress on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const { get, complete, tasksOf, idOf } = taskCalls(server);

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

  it('lists the organisation’s employees with their progress to every member', async () => {
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
    // A member sees the same company status; another organisation sees only its own people.
    const asMember = await get('/api/list-employees', await server().signIn(BEN));
    expect(asMember.statusCode).toBe(200);
    expect(asMember.json().employees).toEqual(employees);
    const asNoah = (await get('/api/list-employees', await server().signIn(NOAH))).json();
    expect(asNoah.employees.map((e: { email: string }) => e.email)).toEqual([NOAH]);
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
