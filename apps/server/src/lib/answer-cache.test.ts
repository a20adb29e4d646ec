import { endpoints, type Task } from '@castellan/contract';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { taskCalls } from '../../test/task-calls';
import { ALICE, BEN, databaseKinds, NOAH, useTestApp } from '../../test/test-app';
import { bindSignInProvider } from '../modules/organizations/repository';
import { snapshotScores } from '../modules/score/service';
import { recordEvidence, recordTimedEvidence } from '../modules/tasks/service';
import { AnswerCache } from './answer-cache';

// The task endpoints answer from the answer cache; every kind of write must show at once.
const ISLA = 'isla.jones@brightwave.example'; // a member with nothing done in the demo data

type Employee = { email: string; completedTasks: number };

describe.each(databaseKinds())('the answer cache on %s', (kind) => {
  let statements = 0;
  const server = useTestApp(kind, {
    seed: true,
    queryLogger: {
      logQuery: () => {
        statements += 1;
      },
    },
  });
  const { get, complete, tasksOf, idOf, organizationOf } = taskCalls(server);
  const employees = async (cookie: string): Promise<Employee[]> =>
    (await get('/api/list-employees', cookie)).json().employees;
  const employee = async (cookie: string, email: string) =>
    (await employees(cookie)).find((e) => e.email === email);
  const score = async (cookie: string) => (await get('/api/get-score', cookie)).json();
  const task = (tasks: Task[], catalogueId: string, email: string) =>
    tasks.find((t) => t.catalogueId === catalogueId && t.user === email);
  const organizationId = () => organizationOf(ALICE);

  it('answers a repeated read with no query at all (the session and version kept in memory)', async () => {
    const alice = await server().signIn(ALICE);
    for (const url of ['/api/actions', '/api/get-score', '/api/list-employees']) {
      const first = await get(url, alice);
      statements = 0;
      const again = await get(url, alice);
      expect(statements, url).toBe(0);
      expect(again.statusCode).toBe(200);
      expect(again.headers['content-type']).toMatch(/^application\/json/);
      expect(again.body).toBe(first.body);
    }
  });

  it('shows a completion at once in the tasks, the score and the team', async () => {
    const isla = await server().signIn(ISLA);
    const alice = await server().signIn(ALICE);
    const open = task(await tasksOf(isla), 'use-password-manager', ISLA);
    expect(open?.isCompleted).toBe(false);
    expect(task(await tasksOf(alice, 'organization'), 'use-password-manager', ISLA)).toEqual(open);
    const before = { team: await employee(alice, ISLA), score: await score(isla) };

    expect((await complete(open?.id ?? '', isla)).statusCode).toBe(200);

    expect(task(await tasksOf(isla), 'use-password-manager', ISLA)?.isCompleted).toBe(true);
    const everyone = await tasksOf(alice, 'organization');
    expect(task(everyone, 'use-password-manager', ISLA)?.isCompleted).toBe(true);
    expect((await employee(alice, ISLA))?.completedTasks).toBe(
      (before.team?.completedTasks ?? 0) + 1,
    );
    expect((await score(isla)).yourProgress.completed).toBe(
      before.score.yourProgress.completed + 1,
    );
  });

  it('shows a member invited and removed at once', async () => {
    const alice = await server().signIn(ALICE);
    const newcomer = 'newcomer@brightwave.example';
    expect(await employee(alice, newcomer)).toBeUndefined();
    const before = await score(alice);

    const invited = await server().inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: alice },
      payload: { email: newcomer },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(await employee(alice, newcomer)).toMatchObject({ completedTasks: 0 });
    expect((await tasksOf(alice, 'organization')).some((t) => t.user === newcomer)).toBe(true);
    expect((await score(alice)).teamProgress).not.toEqual(before.teamProgress);

    const removed = await server().inject({
      method: 'DELETE',
      url: `/api/users/${await idOf(newcomer)}`,
      headers: { cookie: alice },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await employee(alice, newcomer)).toBeUndefined();
    expect((await tasksOf(alice, 'organization')).some((t) => t.user === newcomer)).toBe(false);
    expect((await score(alice)).teamProgress).toEqual(before.teamProgress);
  });

  it('shows evidence a sync or an agent report wrote at once', async () => {
    const { db } = server().database;
    const ben = await server().signIn(BEN);
    const alice = await server().signIn(ALICE);
    const benId = await idOf(BEN);
    const org = await organizationId();
    const sourcesOf = async () =>
      (await employee(alice, BEN)) as Employee & { checkedBy: string[] };
    expect(task(await tasksOf(ben), 'enable-mfa', BEN)?.evidence).toEqual([]);
    expect((await sourcesOf()).checkedBy).not.toContain('agent');

    // A sync: Google Workspace judges Ben's MFA.
    const syncedAt = new Date('2026-01-02T03:04:05Z');
    await recordEvidence(
      db,
      org,
      'gws',
      [{ catalogueId: 'enable-mfa', userId: benId, verdict: 'fail', detail: 'no MFA' }],
      syncedAt,
    );
    const judged = task(await tasksOf(ben), 'enable-mfa', BEN);
    expect(judged?.evidence).toMatchObject([{ source: 'gws', verdict: 'fail' }]);
    expect((await score(ben)).yourCheckedBy).toContain('gws');

    // An agent report about Ben only.
    await recordTimedEvidence(
      db,
      org,
      'agent',
      [
        {
          catalogueId: 'encrypt-disk',
          userId: benId,
          verdict: 'pass',
          detail: null,
          checkedAt: syncedAt,
        },
      ],
      benId,
    );
    expect((await sourcesOf()).checkedBy).toContain('agent');
    expect(task(await tasksOf(ben), 'encrypt-disk', BEN)?.isCompleted).toBe(true);
  });

  it('shows a change of office suite at once', async () => {
    const alice = await server().signIn(ALICE);
    const ids = async () => (await tasksOf(alice)).map((t) => t.catalogueId);
    expect(await ids()).toContain('enforce-mfa-google-workspace');
    const totals = (await employees(alice)).map((e) => e.email);
    await bindSignInProvider(server().database.db, await organizationId(), {
      microsoftTenantId: null,
      workspace: 'microsoft',
    });
    expect(await ids()).toContain('enforce-mfa-microsoft-365');
    expect(await ids()).not.toContain('enforce-mfa-google-workspace');
    expect((await employees(alice)).map((e) => e.email)).toEqual(totals);
    await bindSignInProvider(server().database.db, await organizationId(), {
      microsoftTenantId: null,
      workspace: 'google',
    });
    expect(await ids()).toContain('enforce-mfa-google-workspace');
  });

  it('shows a new score snapshot at once, and a sign-in changes nothing kept', async () => {
    const alice = await server().signIn(ALICE);
    const yesterday = new Date(Date.now() - 86_400_000);
    const day = yesterday.toISOString().slice(0, 10);
    const before = (await score(alice)).history as { date: string }[];
    await snapshotScores(server().database.db, yesterday);
    const after = (await score(alice)).history as { date: string }[];
    expect(after.map((h) => h.date)).toContain(day);
    expect(after.length).toBe(before.filter((h) => h.date !== day).length + 1);

    // Signing in again records the time of the sign-in, which no kept answer shows.
    await server().signIn(ALICE);
    statements = 0;
    await score(alice);
    expect(statements).toBe(0);
  });

  it('does not keep the score’s history past the end of its day', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2030-01-01T23:59:00Z'));
      const alice = await server().signIn(ALICE);
      const lastDay = async () => ((await score(alice)).history as { date: string }[]).at(-1)?.date;
      expect(await lastDay()).toBe('2030-01-01');
      expect(await lastDay()).toBe('2030-01-01');
      vi.setSystemTime(new Date('2030-01-02T00:01:00Z'));
      expect(await lastDay()).toBe('2030-01-02');
    } finally {
      vi.useRealTimers();
    }
  });

  it('never gives one member’s or organisation’s answer to another', async () => {
    const alice = await server().signIn(ALICE);
    const ben = await server().signIn(BEN);
    const noah = await server().signIn(NOAH);
    // Kept first for the admin, then asked by others.
    await tasksOf(alice, 'organization');
    await tasksOf(alice);
    const aliceScore = await score(alice);
    const brightwave = await employees(alice);

    expect((await get('/api/actions?scope=organization', ben)).statusCode).toBe(403);
    expect(new Set((await tasksOf(ben)).map((t) => t.user))).toEqual(new Set([BEN]));
    expect((await score(ben)).yourProgress).not.toEqual(aliceScore.yourProgress);
    // A member's company status is their own row, never the administrator's answer.
    expect(await employees(ben)).toEqual(brightwave.filter((e) => e.email === BEN));

    expect(new Set((await tasksOf(noah, 'organization')).map((t) => t.user))).toEqual(
      new Set([NOAH]),
    );
    const northfield = (await employees(noah)).map((e) => e.email);
    expect(northfield).toEqual([NOAH]);
  });
});

describe('the answer cache in memory', () => {
  /**
   * A server answering GET /:org from `cache`, at the version `?v=`; counts the requests and the
   * computations, which wait for `hold`.
   */
  function server(cache: AnswerCache, hold: Promise<void> = Promise.resolve()) {
    const app = Fastify();
    let computed = 0;
    let arrived = 0;
    app.get<{ Params: { org: string }; Querystring: { v: string } }>('/:org', (request, reply) => {
      arrived += 1;
      const asker = {
        organization: { id: request.params.org },
        user: { id: 'someone' },
        dataVersion: Number(request.query.v),
      };
      return cache.send(reply, endpoints.getActions, asker, { perMember: false }, async () => {
        computed += 1;
        await hold;
        return { tasks: [] };
      });
    });
    const computations = async (...urls: string[]) => {
      const before = computed;
      for (const url of urls) expect((await app.inject(url)).body).toBe('{"tasks":[]}');
      return computed - before;
    };
    return { app, computations, arrived: () => arrived, computed: () => computed };
  }

  it('keeps at most its budget of bytes, forgetting the least recently used first', async () => {
    // Room for two answers of 12 bytes.
    const { computations } = server(new AnswerCache(30));
    expect(await computations('/a?v=1', '/b?v=1', '/a?v=1')).toBe(2);
    expect(await computations('/c?v=1')).toBe(1);
    expect(await computations('/a?v=1', '/c?v=1')).toBe(0);
    expect(await computations('/b?v=1')).toBe(1);
  });

  it('computes again at a new version, and not an older one over a newer', async () => {
    const { computations } = server(new AnswerCache());
    expect(await computations('/a?v=1', '/a?v=1', '/a?v=2', '/a?v=2')).toBe(2);
    // An older version's answer, computed late, does not replace the newer one.
    expect(await computations('/a?v=1', '/a?v=2')).toBe(1);
  });

  it('computes once for requests that miss together at one version', async () => {
    let release = () => {};
    const hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { app, arrived, computed } = server(new AnswerCache(), hold);
    const together = Promise.all([app.inject('/a?v=1'), app.inject('/a?v=1')]);
    await vi.waitFor(() => expect(arrived()).toBe(2));
    release();
    expect((await together).map((r) => r.body)).toEqual(['{"tasks":[]}', '{"tasks":[]}']);
    expect(computed()).toBe(1);
  });
});
