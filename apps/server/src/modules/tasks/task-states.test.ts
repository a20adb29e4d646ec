import type { Task } from '@castellan/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { taskCalls } from '../../../test/task-calls';
import { ALICE, BEN, databaseKinds, expectError, NOAH, useTestApp } from '../../../test/test-app';
import { auditEvents } from '../../db/schema';
import { digestFacts } from '../mail/digest-facts';
import { snoozeTask } from './change-task-state';
import { listTasks } from './service';

const CHLOE = 'chloe.davies@brightwave.example';
const DAY_MS = 86_400_000;

describe.each(databaseKinds())('task states on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const { get, tasksOf, idOf, organizationOf } = taskCalls(server);
  const call = (method: 'POST' | 'DELETE', url: string, cookie: string, payload: object) =>
    server().inject({ method, url, headers: { cookie }, payload });
  const markNotApplicable = (cookie: string, taskId: string, reason: unknown) =>
    call('POST', '/api/tasks/not-applicable', cookie, { taskId, reason });
  const makeApplicable = (cookie: string, taskId: string) =>
    call('DELETE', '/api/tasks/not-applicable', cookie, { taskId });
  const snooze = (cookie: string, taskId: string, days: unknown) =>
    call('POST', '/api/tasks/snooze', cookie, { taskId, days });
  const unsnooze = (cookie: string, taskId: string) =>
    call('DELETE', '/api/tasks/snooze', cookie, { taskId });
  const openAdminTask = async (cookie: string, skip: string[] = []): Promise<Task> => {
    const task = (await tasksOf(cookie)).find(
      (t) => t.scope === 'Admin' && t.state === 'open' && !skip.includes(t.catalogueId),
    );
    if (!task) throw new Error('no open Admin task');
    return task;
  };

  it('marks an organisation task not applicable with a reason, audited, and back again', async () => {
    const alice = await server().signIn(ALICE);
    const task = await openAdminTask(alice);
    const marked = await markNotApplicable(alice, task.id, '  We have no Wi-Fi at all.  ');
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().task).toMatchObject({
      id: task.id,
      state: 'not-applicable',
      notApplicable: { reason: 'We have no Wi-Fi at all.', by: 'Alice Morgan' },
    });
    const listed = (await tasksOf(alice)).find((t) => t.id === task.id);
    expect(listed?.notApplicable?.reason).toBe('We have no Wi-Fi at all.');

    const again = await makeApplicable(alice, task.id);
    expect(again.json().task).toMatchObject({ state: 'open', notApplicable: null });

    const rows = await server()
      .database.db.select()
      .from(auditEvents)
      .where(eq(auditEvents.organizationId, await organizationOf(ALICE)));
    const ofTask = rows.filter((r) => r.details?.catalogueId === task.catalogueId);
    expect(ofTask.map((r) => [r.action, r.actorEmail, r.details?.reason])).toEqual(
      expect.arrayContaining([
        ['task.not_applicable', ALICE, 'We have no Wi-Fi at all.'],
        ['task.applicable', ALICE, undefined],
      ]),
    );
  });

  it('refuses bad reasons and snooze lengths with 400', async () => {
    const alice = await server().signIn(ALICE);
    const task = await openAdminTask(alice);
    for (const reason of ['', '  no  ', 'x'.repeat(501), 42]) {
      expect(expectError(await markNotApplicable(alice, task.id, reason), 400)).toBeTruthy();
    }
    expect(expectError(await markNotApplicable(alice, task.id, 'a'), 400)).toMatch(/3 characters/);
    expectError(await markNotApplicable(alice, 'not a task', 'A real reason'), 400);
    for (const days of [0, 1, 14, '7']) expectError(await snooze(alice, task.id, days), 400);
  });

  it('lets only administrators mark tasks not applicable (403), and nobody across organisations (404)', async () => {
    const alice = await server().signIn(ALICE);
    const ben = await server().signIn(BEN);
    const adminTask = await openAdminTask(alice);
    const [bensOwn] = await tasksOf(ben);
    expect(expectError(await markNotApplicable(ben, adminTask.id, 'Not for us'), 403)).toMatch(
      /administrator/,
    );
    expectError(await markNotApplicable(ben, bensOwn?.id ?? '', 'Not for me'), 403);
    expectError(await makeApplicable(ben, adminTask.id), 403);

    const noah = await server().signIn(NOAH);
    expectError(await markNotApplicable(noah, adminTask.id, 'Not ours'), 404);
    expectError(await snooze(noah, adminTask.id, 7), 404);
    expectError(await snooze(alice, bensOwn?.id ?? '', 7), 403);
  });

  it('takes a not-applicable task out of the score, progress and frameworks for everyone', async () => {
    const alice = await server().signIn(ALICE);
    const ben = await server().signIn(BEN);
    // An Individual task Ben has not done, marked for the whole organisation.
    const task = (await tasksOf(ben)).find((t) => !t.isCompleted && t.frameworks['cis-ig1'][0]);
    if (!task) throw new Error('Ben has done everything');
    const before = (await get('/api/get-score', ben)).json();
    const possibleBefore = before.breakdown.find(
      (a: { category: string }) => a.category === task.category,
    ).possible;

    expect((await markNotApplicable(alice, task.id, 'Nobody here uses one')).statusCode).toBe(200);
    const after = (await get('/api/get-score', ben)).json();
    const area = after.breakdown.find((a: { category: string }) => a.category === task.category);
    expect(area.possible).toBeLessThan(possibleBefore);
    expect(after.yourProgress.total).toBe(before.yourProgress.total - 1);
    expect(after.teamProgress.total).toBe(before.teamProgress.total - 10);
    const benInTeam = (await get('/api/list-employees', alice))
      .json()
      .employees.find((e: { email: string }) => e.email === BEN);
    expect(benInTeam.totalTasks).toBe(before.yourProgress.total - 1);

    const safeguard = task.frameworks['cis-ig1'][0];
    const ig1 = (await get('/api/frameworks', alice))
      .json()
      .frameworks.find((f: { id: string }) => f.id === 'cis-ig1');
    const shown = ig1.safeguards
      .find((s: { id: string }) => s.id === safeguard)
      .tasks.find((t: { catalogueId: string }) => t.catalogueId === task.catalogueId);
    expect(shown).toMatchObject({ notApplicable: 'Nobody here uses one', total: 0 });

    const facts = await digestFacts(server().database.db, await organizationOf(ALICE), new Date());
    expect(facts.notApplicable).toContain(`${task.title}: Nobody here uses one`);
    const weekLater = new Date(Date.now() + 8 * DAY_MS);
    const later = await digestFacts(server().database.db, await organizationOf(ALICE), weekLater);
    expect(later.notApplicable).toEqual([]);

    await makeApplicable(alice, task.id);
    expect((await get('/api/get-score', ben)).json().yourProgress.total).toBe(
      before.yourProgress.total,
    );
  });

  it('snoozes a member’s own task until the date, still open, then brings it back', async () => {
    const chloe = await server().signIn(CHLOE);
    const task = (await tasksOf(chloe)).find((t) => t.state === 'open');
    if (!task) throw new Error('Chloe has done everything');
    const scoreBefore = (await get('/api/get-score', chloe)).json().yourProgress;
    const res = await snooze(chloe, task.id, 7);
    expect(res.statusCode, res.body).toBe(200);
    const snoozed: Task = res.json().task;
    expect(snoozed.state).toBe('snoozed');
    const until = Date.parse(snoozed.snoozedUntil ?? '');
    expect(until - Date.now()).toBeGreaterThan(6 * DAY_MS);
    expect(until - Date.now()).toBeLessThanOrEqual(7 * DAY_MS);
    expect(snoozed.snoozedUntil).toMatch(/T00:00:00\.000Z$/);
    expect((await get('/api/get-score', chloe)).json().yourProgress).toEqual(scoreBefore);

    const unsnoozed = await unsnooze(chloe, task.id);
    expect(unsnoozed.json().task).toMatchObject({ state: 'open', snoozedUntil: null });
  });

  it('lets a snooze run out by itself (an injected clock)', async () => {
    const { db } = server().database;
    const organizationId = await organizationOf(CHLOE);
    const chloe = {
      id: await idOf(CHLOE),
      firstName: 'Chloe',
      lastName: 'Davies',
      role: 'user' as const,
    };
    const [task] = (await listTasks(db, organizationId, chloe.id)).filter(
      (t) => t.state === 'open',
    );
    if (!task) throw new Error('Chloe has done everything');
    const start = new Date('2030-01-01T09:00:00Z');
    const snoozed = await snoozeTask(db, organizationId, chloe, task.id, 30, start);
    expect(snoozed.snoozedUntil).toBe('2030-01-31T00:00:00.000Z');
    const stateAt = async (at: string) =>
      (await listTasks(db, organizationId, chloe.id, new Date(at))).find((t) => t.id === task.id)
        ?.state;
    expect(await stateAt('2030-01-30T23:59:00Z')).toBe('snoozed');
    expect(await stateAt('2030-01-31T00:00:01Z')).toBe('open');
  });

  it('snoozes an Admin task for the organisation, and only administrators may', async () => {
    const alice = await server().signIn(ALICE);
    const task = await openAdminTask(alice);
    expectError(await snooze(await server().signIn(BEN), task.id, 7), 403);
    expect((await snooze(alice, task.id, 30)).json().task.state).toBe('snoozed');
    const everyone = await tasksOf(alice, 'organization');
    const copies = everyone.filter((t) => t.catalogueId === task.catalogueId);
    expect(copies.length).toBeGreaterThan(0);
    expect(copies.every((t) => t.state === 'snoozed')).toBe(true);
    await unsnooze(alice, task.id);
    expect((await tasksOf(alice)).find((t) => t.id === task.id)?.state).toBe('open');
  });
});
