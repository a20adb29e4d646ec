import type { Employee, Task } from '@castellan/contract';
import { byUrgency } from '@castellan/contract/task-order';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeSmtpServer,
  type ReceivedMail,
  startSmtpServer,
} from '../../../test/fakes/smtp-server';
import { recordFinishedScan } from '../../../test/recorded-scan';
import {
  ALICE,
  BEN,
  createTestApp,
  databaseKinds,
  expectError,
  NOAH,
  type TestApp,
} from '../../../test/test-app';
import { mailMessages, organizations, users } from '../../db/schema';
import { loadSampleReport } from '../../demo/sample-report';
import { saveGrant } from '../integrations/kit/repository';
import { integrationAlerts } from './alerts';
import { digestFacts } from './digest-facts';
import { purgeOldMessageBodies } from './retention';
import { queueWeeklyMail, REMINDER_TASKS } from './weekly';

const NEW_HIRE = 'new.hire@brightwave.example';
const WEEK_MS = 7 * 86_400_000;

describe.each(databaseKinds())('e-mail on %s', (kind) => {
  let smtp: FakeSmtpServer;
  let server: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await createTestApp(kind, {
      seed: true,
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Castellan <mail@castellan.example>' },
    });
    // Brightwave's domain cannot be scanned here, and its demo sample is no report of its own:
    // a scan of it with the sample's findings, recorded as the scan job records one.
    const [org] = await server.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.domain, 'brightwave.example'));
    if (!org) throw new Error('no demo organisation');
    await recordFinishedScan(server.database.db, org.id, {
      ...loadSampleReport(),
      domain: org.domain,
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, as: string, payload?: object) =>
    server.inject({
      method,
      url,
      headers: { cookie: await server.signIn(as) },
      ...(payload ? { payload } : {}),
    });
  const messagesTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));
  const rowsOf = (recipient: string, kind: string) =>
    server.database.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.recipient, recipient), eq(mailMessages.kind, kind as 'reminder')));
  const userId = async (email: string) => {
    const [row] = await server.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email));
    if (!row) throw new Error(`no ${email}`);
    return row.id;
  };
  const linksIn = (mail: ReceivedMail) =>
    [...mail.raw.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0]);

  it('sends an invitation naming the inviter and the organisation, with a sign-in link', async () => {
    const res = await call('POST', '/api/users', ALICE, { email: NEW_HIRE });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().invitedAt).toEqual(expect.any(String));
    await server.app.jobs.drained();

    const [mail, ...more] = messagesTo(NEW_HIRE);
    expect(more).toEqual([]);
    if (!mail) throw new Error('no invitation arrived');
    expect(mail.header('subject')).toBe(
      'Alice Morgan invited you to brightwave.example on Castellan',
    );
    expect(mail.header('from')).toBe('Castellan <mail@castellan.example>');
    expect(mail.raw).toContain('Content-Type: text/plain');
    expect(mail.raw).toContain('Content-Type: text/html');
    expect(linksIn(mail)).toContain(`${server.config.publicUrl}/?login=true`);
    const [row] = await rowsOf(NEW_HIRE, 'invitation');
    expect(row).toMatchObject({ status: 'sent', attempts: 1, error: null });

    const members = (await call('GET', '/api/users', ALICE)).json().members;
    expect(members).toContainEqual(
      expect.objectContaining({ email: NEW_HIRE, invitedAt: row?.createdAt.toISOString() }),
    );
  });

  it('sends nothing new within the hour, and again after it', async () => {
    expectError(await call('POST', '/api/users', ALICE, { email: NEW_HIRE }), 409);
    const id = await userId(NEW_HIRE);
    const early = await call('POST', `/api/users/${id}/invitation`, ALICE);
    expect(expectError(early, 409)).toMatch(/less than an hour ago/);
    await server.app.jobs.drained();
    expect(messagesTo(NEW_HIRE)).toHaveLength(1);

    await server.database.db
      .update(mailMessages)
      .set({ createdAt: sql`${mailMessages.createdAt} - interval '61 minutes'` })
      .where(eq(mailMessages.recipient, NEW_HIRE));
    const again = await call('POST', `/api/users/${id}/invitation`, ALICE);
    expect(again.statusCode, again.body).toBe(202);
    await server.app.jobs.drained();
    expect(messagesTo(NEW_HIRE)).toHaveLength(2);
    // Someone who has signed in needs no invitation.
    await server.signIn(BEN);
    expectError(await call('POST', `/api/users/${await userId(BEN)}/invitation`, ALICE), 409);
  });

  it('shows the organisation’s switches and the member’s own, every one on for a new organisation', async () => {
    const on = { invitations: true, reminders: true, digest: true, integrationAlerts: true };
    const res = await call('GET', '/api/settings/notifications', BEN);
    expect(res.json()).toEqual({
      organization: on,
      own: { reminders: true, digest: true },
      editable: false,
      mailEnabled: true,
    });
    const off = { ...on, reminders: false };
    const changed = await call('PUT', '/api/settings/notifications/organization', ALICE, off);
    expect(changed.json()).toMatchObject({ organization: off, editable: true });
    // Another organisation's switches are untouched.
    const noah = await call('GET', '/api/settings/notifications', NOAH);
    expect(noah.json().organization.reminders).toBe(true);
    await call('PUT', '/api/settings/notifications/organization', ALICE, on);
  });

  it('reminds each member with open tasks once a week of their three most important', async () => {
    const now = new Date();
    const first = await queueWeeklyMail(server.app.jobs.mail, now);
    await server.app.jobs.drained();
    expect(first.reminders).toBeGreaterThanOrEqual(9);
    // The same week again (another run, another process): nothing more.
    expect(await queueWeeklyMail(server.app.jobs.mail, now)).toEqual({ reminders: 0, digests: 0 });

    const [mail, ...more] = messagesTo(BEN).filter((m) => m.header('subject')?.includes('waiting'));
    expect(more).toEqual([]);
    if (!mail) throw new Error('Ben got no reminder');
    const tasks: Task[] = (await call('GET', '/api/actions', BEN)).json().tasks;
    const open = tasks.filter((t) => !t.isCompleted);
    expect(mail.header('subject')).toBe(`${open.length} security tasks are waiting for you`);
    const top = [...open].sort(byUrgency).slice(0, REMINDER_TASKS);
    const taskLinks = linksIn(mail).filter((l) => l.includes('/tasks?task='));
    expect(new Set(taskLinks)).toEqual(
      new Set(top.map((t) => `${server.config.publicUrl}/tasks?task=${t.catalogueId}`)),
    );
    for (const t of top) expect(mail.raw).toContain(t.title);
    expect(mail.header('list-unsubscribe')).toMatch(
      /^<http:\/\/localhost:\d+\/api\/mail\/unsubscribe\?token=[^>]+>$/,
    );
    expect(mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  });

  it('sends each administrator the digest with the score, grade, findings and who has not started', async () => {
    const [digest, ...more] = messagesTo(ALICE).filter((m) =>
      m.header('subject')?.includes('this week'),
    );
    expect(more).toEqual([]);
    if (!digest) throw new Error('Alice got no digest');
    const score = (await call('GET', '/api/get-score', ALICE)).json();
    expect(digest.header('subject')).toMatch(
      new RegExp(`^brightwave\\.example: cyber score ${score.score}\\b`),
    );
    expect(digest.raw).toContain(`brightwave.example's cyber score is ${score.score}`);
    const analysis = (await call('GET', '/api/risk-analysis', ALICE)).json();
    expect(analysis.history[0].grade).toEqual(expect.any(String));
    expect(digest.raw).toContain(`Your domain report's grade: ${analysis.history[0].grade}.`);
    // Its only scan is this week's: its failing findings are new.
    const failing = analysis.latest.report.findings.filter(
      (f: { status: string }) => f.status === 'fail',
    );
    expect(failing.length).toBeGreaterThan(0);
    for (const f of failing) expect(digest.raw).toContain(f.title);
    const employees: Employee[] = (await call('GET', '/api/list-employees', ALICE)).json()
      .employees;
    const idle = employees.filter((e) => e.totalTasks > 0 && e.completedTasks === 0);
    expect(idle.length).toBeGreaterThan(0);
    for (const e of idle) expect(digest.raw).toContain(`- ${e.fullName}`);
    expect(digest.raw).toContain('Every integration is working.');
    expect(digest.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // Members get no digest; Noah, admin of his own organisation, gets his own.
    expect(messagesTo(BEN).filter((m) => m.header('subject')?.includes('this week'))).toEqual([]);
    const noah = messagesTo(NOAH).find((m) => m.header('subject')?.includes('this week'));
    expect(noah?.raw).not.toContain('brightwave');
  });

  it('stops the next reminder after a one-click unsubscribe, and refuses a forged link', async () => {
    const [mail] = messagesTo(BEN);
    const header = messagesTo(BEN)
      .map((m) => m.header('list-unsubscribe'))
      .find((h) => h !== undefined);
    if (!mail || !header) throw new Error('no unsubscribe header');
    const url = new URL(header.slice(1, -1));
    const token = url.searchParams.get('token') ?? '';

    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const refused = await server.app.inject({
      method: 'POST',
      url: `/api/mail/unsubscribe?token=${encodeURIComponent(forged)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(expectError(refused, 400)).toMatch(/not valid/);
    // Another member's id with Ben's signature.
    const [payload = '', signature = ''] = token.split('.');
    const other = Buffer.from(
      Buffer.from(payload, 'base64url')
        .toString()
        .replace(await userId(BEN), await userId(ALICE)),
    ).toString('base64url');
    expectError(
      await server.inject({
        method: 'POST',
        url: `/api/mail/unsubscribe?token=${other}.${signature}`,
      }),
      400,
    );

    // What a mail provider sends (RFC 8058): a form post, no session, no origin.
    const res = await server.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ kind: 'reminder', email: BEN });
    expect((await call('GET', '/api/settings/notifications', BEN)).json().own).toEqual({
      reminders: false,
      digest: true,
    });

    const before = messagesTo(BEN).length;
    const next = await queueWeeklyMail(server.app.jobs.mail, new Date(Date.now() + WEEK_MS));
    await server.app.jobs.drained();
    expect(next.reminders).toBeGreaterThan(0);
    expect(messagesTo(BEN)).toHaveLength(before);
  });

  it('retries a temporary refusal, records a permanent one, and shows both to administrators', async () => {
    const id = await userId(NEW_HIRE);
    const later = sql`${mailMessages.createdAt} - interval '2 hours'`;
    const age = () =>
      server.database.db
        .update(mailMessages)
        .set({ createdAt: later })
        .where(eq(mailMessages.recipient, NEW_HIRE));
    await age();
    smtp.refuse(NEW_HIRE, 451);
    const sent = await call('POST', `/api/users/${id}/invitation`, ALICE);
    expect(sent.statusCode, sent.body).toBe(202);
    // The first attempt is refused; the job waits for its retry, a minute later. The message is
    // marked retrying by the handler, the job a moment later by pg-boss, once the handler threw.
    const jobOf = async (id: string | undefined) => {
      const { rows } = await server.database.executeSql(
        `select state, extract(epoch from start_after - now()) as wait from pgboss.job where id = '${id}'`,
      );
      return rows[0] as { state: string; wait: number } | undefined;
    };
    const deadline = Date.now() + 20_000;
    let row: typeof mailMessages.$inferSelect | undefined;
    let job: { state: string; wait: number } | undefined;
    for (;;) {
      [row] = (await rowsOf(NEW_HIRE, 'invitation')).filter((r) => r.status !== 'sent');
      job = row?.status === 'retrying' ? await jobOf(row.id) : undefined;
      if (job?.state === 'retry' || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(row).toMatchObject({
      status: 'retrying',
      attempts: 1,
      error: expect.stringMatching(/451/),
    });
    expect(job?.state).toBe('retry');
    expect(Number(job?.wait)).toBeGreaterThan(30);
    expect(Number(job?.wait)).toBeLessThanOrEqual(130);

    // The server takes it again: the retry, brought forward, is sent.
    smtp.accept(NEW_HIRE);
    await server.database.executeSql(
      `update pgboss.job set start_after = now() where id = '${row?.id}'`,
    );
    await server.app.jobs.drained();
    const [retried] = (await rowsOf(NEW_HIRE, 'invitation')).filter((r) => r.id === row?.id);
    expect(retried).toMatchObject({ status: 'sent', attempts: 2 });

    await age();
    smtp.refuse(NEW_HIRE, 550);
    expect((await call('POST', `/api/users/${id}/invitation`, ALICE)).statusCode).toBe(202);
    await server.app.jobs.drained();
    const failed = (await rowsOf(NEW_HIRE, 'invitation')).find((r) => r.status === 'failed');
    expect(failed).toMatchObject({ attempts: 1, error: expect.stringMatching(/550/) });
    smtp.accept(NEW_HIRE);

    const list = (await call('GET', '/api/mail/messages', ALICE)).json().messages;
    expect(list[0]).toEqual({
      id: failed?.id,
      kind: 'invitation',
      recipient: NEW_HIRE,
      status: 'failed',
      attempts: 1,
      error: expect.stringMatching(/550/),
      createdAt: expect.any(String),
      sentAt: null,
    });
    expect(list.length).toBeLessThanOrEqual(100);
    expect(
      list.every((m: { recipient: string }) => m.recipient.endsWith('@brightwave.example')),
    ).toBe(true);
    expect(JSON.stringify(list)).not.toContain('cyber score');
  });

  it('alerts the administrators once when an integration’s grant is revoked, and lists it in the digest', async () => {
    const alice = await call('GET', '/api/organization', ALICE);
    const organizationId: string = alice.json().id;
    await saveGrant(server.database.db, {
      organizationId,
      integrationId: 'gws',
      status: 'invalid_token',
      accountEmail: ALICE,
      connectedById: await userId(ALICE),
      accessTokenSealed: null,
      refreshTokenSealed: null,
      tokenExpiresAt: null,
      scopes: [],
    });
    const alerts = integrationAlerts(server.app.jobs.mail);
    await alerts.tokenRevoked(organizationId, 'gws');
    await alerts.tokenRevoked(organizationId, 'gws');
    await server.app.jobs.drained();
    const sent = smtp.received.filter((m) => m.header('subject')?.includes('disconnected'));
    expect(sent.map((m) => m.to)).toEqual([[ALICE]]);
    expect(sent[0]?.header('subject')).toBe('Google Workspace is disconnected from Castellan');
    expect(linksIn(sent[0] as ReceivedMail)).toContain(`${server.config.publicUrl}/integrations`);

    const facts = await digestFacts(server.database.db, organizationId, new Date());
    expect(facts.integrations).toEqual([
      'Google Workspace: its access was revoked or has expired: connect it again',
    ]);
  });

  it('sends no invitation while the organisation has them switched off', async () => {
    const off = { invitations: false, reminders: true, digest: true, integrationAlerts: true };
    await call('PUT', '/api/settings/notifications/organization', ALICE, off);
    const quiet = 'quiet.hire@brightwave.example';
    const res = await call('POST', '/api/users', ALICE, { email: quiet });
    expect(res.json()).toMatchObject({ email: quiet, invitedAt: null });
    const resend = await call('POST', `/api/users/${res.json().id}/invitation`, ALICE);
    expect(expectError(resend, 409)).toBe('Invitation e-mails are switched off in Settings.');
    await server.app.jobs.drained();
    expect(messagesTo(quiet)).toEqual([]);
    await call('PUT', '/api/settings/notifications/organization', ALICE, {
      ...off,
      invitations: true,
    });
  });

  it('keeps no subject or body beyond 30 days, only the kind, recipient, time and result', async () => {
    await server.database.db
      .update(mailMessages)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(mailMessages.recipient, BEN));
    expect(await purgeOldMessageBodies(server.database.db)).toBeGreaterThan(0);
    const rows = await server.database.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.recipient, BEN));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).toMatchObject({ subject: null, bodyText: null, bodyHtml: null, headers: null });
      expect(row.kind).toBeTruthy();
    }
  });
});
