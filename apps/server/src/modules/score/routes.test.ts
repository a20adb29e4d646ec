import type { EmployeesResponse } from '@castellan/contract';
import { describe, expect, it } from 'vitest';
import { taskCalls } from '../../../test/task-calls';
import { ALICE, BEN, databaseKinds, NOAH, useTestApp } from '../../../test/test-app';
import { taskCompletions } from '../../db/schema';
import { finishScan, insertScan } from '../risk-analysis/repository';
import { catalogueFor } from '../tasks/assignment';
import { CATALOGUE, catalogueById } from '../tasks/catalogue';
import { recordTimedEvidence } from '../tasks/service';
import { RISK_POINTS } from '../tasks/task-value';
import { dayOf, snapshotScores } from './service';

// The demo company works in Google Workspace: no Microsoft 365 tasks.
const catalogue = catalogueFor(CATALOGUE, 'google');
const individual = catalogue.filter((t) => t.scope === 'Individual');
const adminOnly = catalogue.filter((t) => t.scope === 'Admin');
const ISLA = 'isla.jones@brightwave.example'; // a member with nothing done in the demo data

describe.each(databaseKinds())('the cyber score and team progress on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const { get, complete, tasksOf, idOf, organizationOf } = taskCalls(server);

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

  it('breaks the score into four parts of the same points, and credits the task’s part', async () => {
    const cookie = await server().signIn(ISLA);
    const before = (await get('/api/get-score', cookie)).json();
    type Points = { part?: string; earned: number; possible: number };
    const total = (xs: Points[]) => xs.reduce((sum, x) => sum + x.possible, 0);
    expect(before.parts.map((p: Points) => p.part)).toEqual([
      'Identity and accounts',
      'Devices',
      'E-mail and domain',
      'People and process',
    ]);
    expect(total(before.parts)).toBe(total(before.breakdown));
    const identity = (score: { parts: Points[] }) =>
      score.parts.find((p) => p.part === 'Identity and accounts');
    const devices = (score: { parts: Points[] }) => score.parts.find((p) => p.part === 'Devices');
    const task = (await tasksOf(cookie)).find(
      (t) => t.catalogueId === 'use-password-manager' && t.completedAt === null,
    );
    await complete(task?.id ?? '', cookie);
    const after = (await get('/api/get-score', cookie)).json();
    // A member sees only their own row: the organisation's headcount is an administrator's view.
    const admin = await server().signIn(ALICE);
    const members = (await get('/api/list-employees', admin)).json().employees.length;
    // One member's share of the task's points.
    const points = RISK_POINTS[catalogueById.get('use-password-manager')?.risk ?? 'Info'];
    expect(identity(after)?.earned).toBeCloseTo(
      (identity(before)?.earned ?? 0) + points / members,
      1,
    );
    expect(devices(after)).toEqual(devices(before));
  });

  it('gives the latest domain grade as evidence, as soon as a scan finishes', async () => {
    const alice = await server().signIn(ALICE);
    // The demo's sample report stands in for a report here; the page still shows it as a sample.
    const analysis = (await get('/api/risk-analysis', alice)).json();
    const before = (await get('/api/get-score', alice)).json();
    // The demo's sample report is no scan of the organisation's: it gives no grade.
    expect(before.domainGrade).toBeNull();
    const db = server().database.db;
    const scan = await insertScan(db, {
      domain: 'brightwave.example',
      organizationId: await organizationOf(ALICE),
      requestedById: null,
      checksTotal: 1,
    });
    await finishScan(db, scan.id, { report: { ...analysis.latest.report, grade: 'D' } });
    const after = (await get('/api/get-score', alice)).json();
    expect(after.domainGrade).toMatchObject({ grade: 'D' });
    expect(after.score).toBe(before.score);
    // Another organisation sees no grade of Brightwave's.
    expect(
      (await get('/api/get-score', await server().signIn(NOAH))).json().domainGrade,
    ).toBeNull();
  });

  it('says what moved the score: a task marked done, then a check that passes and fails it', async () => {
    const cookie = await server().signIn(ISLA);
    const before = (await get('/api/get-score', cookie)).json();
    // One of Isla's open tasks (the test above completed her two-step verification).
    const task = (await tasksOf(cookie)).find(
      (t) => !t.isCompleted && t.catalogueId !== 'enable-mfa',
    );
    if (!task) throw new Error('Isla has no open task');
    expect((await complete(task.id, cookie)).statusCode).toBe(200);
    const marked = (await get('/api/get-score', cookie)).json();
    expect(marked.changes[0]).toEqual({
      at: expect.any(String),
      date: dayOf(new Date()),
      points: expect.any(Number),
      source: 'manual',
      summary: `“${task.title}” done for Isla Jones (marked by Isla Jones)`,
    });
    expect(marked.changes[0].points).toBeCloseTo(marked.score - before.score, 1);
    // Completing it again moves nothing.
    await complete(task.id, cookie);
    expect((await get('/api/get-score', cookie)).json().changes).toHaveLength(
      marked.changes.length,
    );

    // A check that agrees changes nothing; one that finds it not done takes the points back.
    const db = server().database.db;
    const [organizationId, userId] = [await organizationOf(ISLA), await idOf(ISLA)];
    const report = (v: 'pass' | 'fail' | null) =>
      recordTimedEvidence(
        db,
        organizationId,
        'gws',
        v
          ? [
              {
                catalogueId: task.catalogueId,
                userId,
                verdict: v,
                detail: null,
                checkedAt: new Date(),
              },
            ]
          : [],
        userId,
      );
    await report('pass');
    expect((await get('/api/get-score', cookie)).json().changes).toHaveLength(
      marked.changes.length,
    );
    await report('fail');
    const failed = (await get('/api/get-score', cookie)).json();
    expect(failed.score).toBeCloseTo(before.score, 1);
    expect(failed.changes[0]).toMatchObject({
      source: 'gws',
      summary: `“${task.title}” no longer done for Isla Jones (Google Workspace check)`,
    });
    expect(failed.changes[0].points).toBeCloseTo(-marked.changes[0].points, 2);
    // Once the source says nothing of it, the task is done again as marked.
    await report(null);
    const forgotten = (await get('/api/get-score', cookie)).json();
    expect(forgotten.changes[0]).toMatchObject({
      source: 'gws',
      points: marked.changes[0].points,
    });
    expect(forgotten.score).toBeCloseTo(marked.score, 1);
    // Another organisation sees none of it.
    const noah = (await get('/api/get-score', await server().signIn(NOAH))).json();
    expect(noah.changes).toEqual([]);
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

  it('lists every employee’s own tasks to administrators, and the organisation’s tasks once', async () => {
    const alice = await server().signIn(ALICE);
    const res = await get('/api/list-employees', alice);
    const body = res.json() as EmployeesResponse;
    const { employees } = body;
    expect(body.view).toBe('everyone');
    expect(employees).toHaveLength(10);
    expect(employees.find((e) => e.email === BEN)).toMatchObject({
      fullName: 'Ben Carter',
      totalTasks: individual.length,
      completedTasks: expect.any(Number),
    });
    // Alice's row is her own tasks: the organisation's Admin tasks are counted apart, once.
    const alices = employees.find((e) => e.email === ALICE);
    expect(alices?.totalTasks).toBe(individual.length);
    expect(body.organizationTasks.totalTasks).toBe(adminOnly.length);
    const aliceList = (await tasksOf(alice)).filter((t) => t.scope === 'Individual');
    expect(alices?.completedTasks).toBe(aliceList.filter((t) => t.isCompleted).length);
    // The rows and the organisation's tasks add up to the team progress the score shows.
    const { teamProgress } = (await get('/api/get-score', alice)).json();
    const sum = (key: 'completedTasks' | 'totalTasks') =>
      employees.reduce((n, e) => n + e[key], body.organizationTasks[key]);
    expect({ completed: sum('completedTasks'), total: sum('totalTasks') }).toEqual({
      completed: teamProgress.completed,
      total: teamProgress.total,
    });
    // Another organisation's administrator sees only their own people.
    const asNoah = (await get('/api/list-employees', await server().signIn(NOAH))).json();
    expect(asNoah.employees.map((e: { email: string }) => e.email)).toEqual([NOAH]);
  });

  it('gives a member the organisation’s totals and their own row, never a colleague’s name', async () => {
    const ben = await server().signIn(BEN);
    const res = await get('/api/list-employees', ben);
    expect(res.statusCode).toBe(200);
    const body = res.json() as EmployeesResponse;
    expect(body.view).toBe('own');
    expect(body.employees.map((e) => e.email)).toEqual([BEN]);
    expect(body.organizationTasks.totalTasks).toBe(adminOnly.length);
    for (const name of ['Alice', 'Morgan', 'Chloe', 'alice.morgan', 'isla.jones']) {
      expect(res.body).not.toContain(name);
    }
    // An administrator's answer, cached first, is never served to a member (and back).
    await get('/api/list-employees', await server().signIn(ALICE));
    expect((await get('/api/list-employees', ben)).json().employees).toHaveLength(1);
    expect(
      (await get('/api/list-employees', await server().signIn(ALICE))).json().employees,
    ).toHaveLength(10);
  });

  it('gives a new member their tasks, and ignores progress on retired tasks', async () => {
    const alice = await server().signIn(ALICE);
    await server().inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: alice },
      payload: { email: 'new.starter@brightwave.example' },
    });
    await server()
      .database.db.insert(taskCompletions)
      .values({
        organizationId: await organizationOf(ALICE),
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
