import { DUE_DAYS, type Task } from '@castellan/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSmtpServer, startSmtpServer } from '../../../test/fakes/smtp-server';
import {
  ALICE,
  BEN,
  createTestApp,
  databaseKinds,
  expectError,
  type TestApp,
} from '../../../test/test-app';
import { nudges, organizations, taskDeadlines, users } from '../../db/schema';
import { NUDGE_SPREAD_SECONDS, spreadFraction } from '../../jobs/nudge-runs';
import { runNudges } from './daily-run';
import type { NamedTask } from './plan';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Monday 7 December 2026, 10:00 in London (UTC in winter). */
const MONDAY = new Date('2026-12-07T10:00:00Z');
const at = (days: number, hours = 0) =>
  new Date(MONDAY.getTime() + days * DAY_MS + hours * HOUR_MS);

describe.each(databaseKinds())('nudges and escalation on %s', (kind) => {
  let smtp: FakeSmtpServer;
  let server: TestApp;
  let organizationId: string;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await createTestApp(kind, { seed: true, env: { SMTP_URL: smtp.url } });
    const [org] = await server.database.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.domain, 'brightwave.example'));
    if (!org) throw new Error('no demo organisation');
    organizationId = org.id;
    // Only people who have signed in are nudged; everyone else of Brightwave stays out of it.
    await server.database.db
      .update(users)
      .set({ lastSignInAt: null })
      .where(eq(users.organizationId, organizationId));
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const ctx = () => server.app.jobs.nudges;
  const call = async (method: 'GET' | 'PUT', url: string, as: string, payload?: object) =>
    server.inject({
      method,
      url,
      headers: { cookie: await server.signIn(as) },
      ...(payload ? { payload } : {}),
    });
  const ownTasks = async (as: string): Promise<Task[]> =>
    (await call('GET', '/api/actions', as)).json().tasks;
  const nudgesOf = async (email: string | null, kind: 'nudge' | 'summary') => {
    const rows = await server.database.db
      .select({ nudge: nudges, email: users.email })
      .from(nudges)
      .leftJoin(users, eq(users.id, nudges.userId))
      .where(eq(nudges.kind, kind));
    return rows
      .filter((r) => r.email === email)
      .map((r) => ({ ...r.nudge, named: JSON.parse(r.nudge.tasks) as NamedTask[] }));
  };

  it('takes each person’s time zone from their browser, and refuses a made-up one', async () => {
    const ok = await call('PUT', '/api/settings/time-zone', BEN, { timeZone: 'Europe/London' });
    expect(ok.json()).toEqual({ timeZone: 'Europe/London' });
    const bad = await call('PUT', '/api/settings/time-zone', BEN, { timeZone: 'Mars/Olympus' });
    expect(expectError(bad, 400)).toMatch(/time zone/);
    expect(
      (await call('PUT', '/api/settings/time-zone', ALICE, { timeZone: 'Europe/London' }))
        .statusCode,
    ).toBe(200);
  });

  it('gives each open task a due date from its risk on the first run, and nudges within the lead time', async () => {
    const first = await runNudges(ctx(), MONDAY);
    expect(first.organizations).toBe(1);
    expect(first.clocksStarted).toBeGreaterThan(0);

    const tasks = (await ownTasks(BEN)).filter((t) => t.state === 'open');
    for (const t of tasks) {
      const days = DUE_DAYS[t.riskLevel as keyof typeof DUE_DAYS];
      expect(t.dueAt, t.catalogueId).toBe(
        days === undefined ? null : new Date(MONDAY.getTime() + days * DAY_MS).toISOString(),
      );
    }
    // Critical tasks are due in two days, named from the start; the others not yet.
    const critical = tasks.filter((t) => t.riskLevel === 'Critical').map((t) => t.id);
    const [nudge, ...more] = await nudgesOf(BEN, 'nudge');
    expect(more).toEqual([]);
    if (critical.length === 0) expect(nudge).toBeUndefined();
    else expect(nudge?.named.map((t) => t.id).sort()).toEqual(critical.sort());
  });

  it('names High tasks from three days before they are due, at most once a day and never outside working hours', async () => {
    const high = (await ownTasks(BEN)).filter((t) => t.state === 'open' && t.riskLevel === 'High');
    expect(high.length).toBeGreaterThan(1);
    // Friday 10:00: Ben's High tasks are due on Monday at 10:00.
    await runNudges(ctx(), at(4));
    const friday = (await nudgesOf(BEN, 'nudge')).filter((n) => n.day === '2026-12-11');
    expect(friday).toHaveLength(1);
    expect(friday[0]?.named.map((t) => t.id)).toEqual(
      expect.arrayContaining(high.map((t) => t.id)),
    );
    // Noon: nothing more that day; 20:00 and Saturday noon in London: nobody.
    expect((await runNudges(ctx(), at(4, 2))).nudges).toBe(0);
    expect(await nudgesOf(BEN, 'nudge')).toHaveLength(1);
    expect((await runNudges(ctx(), at(4, 10))).organizations).toBe(0);
    expect((await runNudges(ctx(), at(5, 2))).organizations).toBe(0);
  });

  it('tells the administrators of overdue tasks in their next daily summary, unless escalation is off', async () => {
    // Friday's run: the organisation's Critical tasks are overdue since Wednesday.
    const everyone: Task[] = (await call('GET', '/api/actions?scope=organization', ALICE)).json()
      .tasks;
    const critical = everyone.filter((t) => t.state === 'open' && t.riskLevel === 'Critical');
    expect(critical.length).toBeGreaterThan(0);
    const [friday, ...more] = await nudgesOf(ALICE, 'summary');
    expect(more).toEqual([]);
    expect(friday?.day).toBe('2026-12-11');
    const told = friday?.named ?? [];
    expect(told.map((t) => t.id.split(':')[0])).toEqual(
      expect.arrayContaining(critical.map((t) => t.catalogueId)),
    );
    const high = (await ownTasks(BEN)).filter((t) => t.state === 'open' && t.riskLevel === 'High');
    expect(told.map((t) => t.id)).not.toContain(high[0]?.id);

    // An administrator switches escalation off for one of Ben's High tasks; a member cannot.
    const [quiet, ...loud] = high;
    if (!quiet) throw new Error('no High task');
    const switchOff = { taskId: quiet.id, escalate: false };
    expectError(await call('PUT', '/api/tasks/escalation', BEN, switchOff), 403);
    const off = await call('PUT', '/api/tasks/escalation', ALICE, switchOff);
    expect(off.json()).toEqual({ catalogueId: quiet.catalogueId, escalate: false });
    expect((await ownTasks(BEN)).find((t) => t.id === quiet.id)?.escalate).toBe(false);

    // Tuesday 10:00: Ben's High tasks are overdue too; the quiet one is not told.
    await runNudges(ctx(), at(8));
    const tuesday = (await nudgesOf(ALICE, 'summary')).find((n) => n.day === '2026-12-15');
    const ids = tuesday?.named.map((t) => t.id) ?? [];
    expect(ids).toEqual(expect.arrayContaining(loud.map((t) => t.id)));
    expect(ids).not.toContain(quiet.id);
    expect(tuesday?.named.find((t) => t.id === loud[0]?.id)?.owner).toBe('Ben Carter');
    await runNudges(ctx(), at(8, 3));
    expect(await nudgesOf(ALICE, 'summary')).toHaveLength(2);
  });

  it('sends by e-mail when no messaging channel is chosen, and Company status shows it', async () => {
    await server.app.jobs.drained();
    const mails = smtp.received.filter((m) => m.to.includes(BEN));
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.map((m) => m.header('subject'))).toContainEqual(
      expect.stringMatching(/security tasks? (is|are) (due soon|overdue)/),
    );
    const rows = await nudgesOf(BEN, 'nudge');
    expect(rows.every((r) => r.status === 'sent' && r.channel === 'email')).toBe(true);
    const employees = (await call('GET', '/api/list-employees', ALICE)).json().employees;
    const ben = employees.find((e: { email: string }) => e.email === BEN);
    expect(ben.lastNudge).toEqual({ at: expect.any(String), channel: 'email' });
  });

  it('stops the clock of a task once it is done', async () => {
    const [task] = (await ownTasks(BEN)).filter(
      (t) => t.state === 'open' && t.automation === 'NotAutomatable',
    );
    if (!task) throw new Error('no task Ben can complete');
    const done = await server.inject({
      method: 'POST',
      url: '/api/mark-action-complete',
      headers: { cookie: await server.signIn(BEN) },
      payload: { taskId: task.id },
    });
    expect(done.statusCode, done.body).toBe(200);
    await runNudges(ctx(), at(9));
    const clocks = await server.database.db
      .select({ userId: taskDeadlines.userId })
      .from(taskDeadlines)
      .where(eq(taskDeadlines.catalogueId, task.catalogueId));
    const benId = task.id.slice(task.id.lastIndexOf(':') + 1);
    expect(clocks.map((c) => c.userId)).not.toContain(benId);
  });

  it('records each nudge once when two app processes run the same hour at the same time', async () => {
    const second = await createTestApp(kind, {
      databaseOf: () => server,
      env: { SMTP_URL: smtp.url },
    });
    try {
      const wednesday = at(16);
      const [a, b] = await Promise.all([
        runNudges(ctx(), wednesday),
        runNudges(second.app.jobs.nudges, wednesday),
      ]);
      await Promise.all([server.app.jobs.drained(), second.app.jobs.drained()]);
      const rows = (await server.database.db.select().from(nudges)).filter(
        (n) => n.day === '2026-12-23',
      );
      // Ben and Alice once each, Alice's summary once; each sent once.
      expect(rows.map((r) => `${r.kind}:${r.userId}`).sort()).toEqual(
        [...new Set(rows.map((r) => `${r.kind}:${r.userId}`))].sort(),
      );
      expect(rows.filter((r) => r.kind === 'nudge')).toHaveLength(2);
      expect(a.nudges + b.nudges).toBe(2);
      expect(a.summaries + b.summaries).toBe(1);
      expect(rows.every((r) => r.status === 'sent')).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('runs the hour as one job per organisation, shared by the workers, recording what one run would', async () => {
    const hour = at(22);
    const queued = await server.app.jobs.nudgeRuns.queueAll(hour);
    expect(queued.organizations).toBeGreaterThan(0);
    expect(queued.queued).toBe(queued.organizations);
    await server.app.jobs.drained();
    const { rows } = await server.database.executeSql(
      `select count(*)::int as jobs, sum((output->>'nudges')::int)::int as nudges,
              sum((output->>'summaries')::int)::int as summaries
       from pgboss.job where name = 'nudge-run' and state = 'completed' and data->>'at' = $1`,
      [hour.toISOString()],
    );
    const done = rows[0] as { jobs: number; nudges: number; summaries: number };
    expect(done.jobs).toBe(queued.organizations);
    expect(done.nudges + done.summaries).toBeGreaterThan(0);
    // The same hour run again, all at once, finds everything recorded.
    const again = await runNudges(ctx(), hour);
    expect(again.nudges + again.summaries).toBe(0);
  });

  it('spreads the scheduled hour over its first 40 minutes, each organisation at its own moment', async () => {
    const queueHour = async (hour: Date) => {
      const queued = await server.app.jobs.nudgeRuns.queueAll(hour, { spread: true });
      const { rows } = await server.database.executeSql(
        `select data->>'organizationId' as organization, state,
                extract(epoch from start_after - created_on)::float8 as after
         from pgboss.job where name = 'nudge-run' and data->>'at' = $1`,
        [hour.toISOString()],
      );
      // Planned for later: waiting, not started (the rest of the file drains the queue).
      await server.database.executeSql(
        `delete from pgboss.job where name = 'nudge-run' and data->>'at' = $1`,
        [hour.toISOString()],
      );
      return { queued, rows: rows as { organization: string; state: string; after: number }[] };
    };
    const first = await queueHour(at(23));
    expect(first.queued.queued).toBe(first.queued.organizations);
    expect(first.rows).toHaveLength(first.queued.organizations);
    for (const row of first.rows) {
      const planned = Math.floor(spreadFraction(row.organization) * NUDGE_SPREAD_SECONDS);
      expect(row.after).toBeGreaterThanOrEqual(planned - 1);
      expect(row.after).toBeLessThanOrEqual(planned + 1);
      expect(row.after).toBeLessThan(NUDGE_SPREAD_SECONDS);
      expect(row.state).toBe('created');
    }
    // Not one burst: the organisations' moments differ (random ids could share a second, so not
    // every one is asked to differ).
    expect(new Set(first.rows.map((r) => Math.round(r.after))).size).toBeGreaterThan(1);
    // The next hour, each organisation at the same moment of it.
    const second = await queueHour(at(23, 1));
    const moment = (rows: typeof first.rows) =>
      Object.fromEntries(rows.map((r) => [r.organization, Math.round(r.after)]));
    for (const [organization, after] of Object.entries(moment(second.rows))) {
      expect(Math.abs(after - (moment(first.rows)[organization] ?? -10))).toBeLessThanOrEqual(1);
    }
  });

  it('sends an administrator a test nudge at once, whatever the hour, at most once a minute', async () => {
    const cookie = await server.signIn(ALICE);
    const send = () =>
      server.inject({ method: 'POST', url: '/api/nudges/test', headers: { cookie } });
    const before = smtp.received.filter((m) => m.to.includes(ALICE)).length;
    const res = await send();
    expect(res.statusCode, res.body).toBe(202);
    expect(expectError(await send(), 429)).toMatch(/less than a minute ago/);
    await server.app.jobs.drained();
    expect(smtp.received.filter((m) => m.to.includes(ALICE))).toHaveLength(before + 1);
    expectError(
      await server.inject({
        method: 'POST',
        url: '/api/nudges/test',
        headers: { cookie: await server.signIn(BEN) },
      }),
      403,
    );
  });

  it('lets administrators choose the channel, refusing one not connected', async () => {
    const own = await call('GET', '/api/nudges/settings', BEN);
    expect(own.json()).toMatchObject({
      settings: { enabled: true, channel: 'email' },
      editable: false,
    });
    expectError(
      await call('PUT', '/api/nudges/settings', BEN, { enabled: false, channel: 'email' }),
      403,
    );
    const slack = await call('PUT', '/api/nudges/settings', ALICE, {
      enabled: true,
      channel: 'slack',
    });
    expect(expectError(slack, 400)).toMatch(/Connect Slack/);
    const off = await call('PUT', '/api/nudges/settings', ALICE, {
      enabled: false,
      channel: 'email',
    });
    expect(off.json().settings).toEqual({ enabled: false, channel: 'email' });
    expect((await runNudges(ctx(), at(17))).organizations).toBe(0);
  });
});
