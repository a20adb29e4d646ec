import { TEAM_REMINDERS_PER_HOUR } from '@castellan/contract';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows } from '../../../test/audit-rows';
import { type FakeSmtpServer, startSmtpServer } from '../../../test/fakes/smtp-server';
import {
  ALICE,
  BEN,
  createTestApp,
  databaseKinds,
  expectError,
  NOAH,
  type TestApp,
} from '../../../test/test-app';
import { mailMessages, users } from '../../db/schema';
import { insertMessage } from './repository';

const CHLOE = 'chloe.davies@brightwave.example';

describe.each(databaseKinds())('reminders an administrator sends on %s', (kind) => {
  let smtp: FakeSmtpServer;
  let server: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await createTestApp(kind, { seed: true, env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const call = async (method: 'POST' | 'PUT', url: string, as: string, payload: object) =>
    server.inject({ method, url, headers: { cookie: await server.signIn(as) }, payload });
  const remind = (as: string, to: string) => call('POST', '/api/team-reminders', as, { to });
  const idOf = async (email: string) => {
    const [row] = await server.database.db
      .select({ id: users.id, organizationId: users.organizationId })
      .from(users)
      .where(eq(users.email, email));
    if (!row) throw new Error(`no ${email}`);
    return row;
  };
  const handSent = (recipient: string) =>
    server.database.db
      .select({ id: mailMessages.id })
      .from(mailMessages)
      .where(
        and(eq(mailMessages.recipient, recipient), like(mailMessages.dedupeKey, 'team-reminder:%')),
      );

  it('e-mails one member their open tasks, once a day, and audits it', async () => {
    const ben = await idOf(BEN);
    const res = await remind(ALICE, ben.id);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({
      sent: [{ id: ben.id, fullName: 'Ben Carter', email: BEN }],
      skipped: [],
    });
    await server.app.jobs.drained();
    const [mail] = smtp.received.filter((m) => m.to.includes(BEN));
    expect(mail?.header('subject')).toMatch(/security tasks? (is|are) waiting for you/);
    expect(mail?.raw).toContain('Alice Morgan asked you to take a look.');
    expect(mail?.header('list-unsubscribe')).toMatch(/\/api\/mail\/unsubscribe\?token=/);
    expect(await auditRows(() => server, 'member.reminded')).toEqual([
      expect.objectContaining({
        organizationId: ben.organizationId,
        actorEmail: ALICE,
        subjectEmail: BEN,
        details: { openTasks: expect.any(Number) },
      }),
    ]);

    const again = await remind(ALICE, ben.id);
    expect(expectError(again, 429)).toBe(
      'Ben Carter already had a reminder today. You can send another tomorrow.',
    );
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(await handSent(BEN)).toHaveLength(1);
  });

  it('sends nothing to a member who turned reminders off, and says so', async () => {
    expect(
      (
        await call('PUT', '/api/settings/notifications/own', CHLOE, {
          reminders: false,
          digest: true,
        })
      ).statusCode,
    ).toBe(200);
    const chloe = await idOf(CHLOE);
    const res = await remind(ALICE, chloe.id);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({
      sent: [],
      skipped: [{ id: chloe.id, fullName: 'Chloe Davies', email: CHLOE, reason: 'unsubscribed' }],
    });
    expect(await handSent(CHLOE)).toEqual([]);
  });

  it('reminds everyone with open high-risk tasks but those skipped, within the hourly limit', async () => {
    const res = await remind(ALICE, 'open-high-risk');
    expect(res.statusCode, res.body).toBe(202);
    const { sent, skipped } = res.json() as {
      sent: { email: string }[];
      skipped: { email: string; reason: string }[];
    };
    expect(skipped).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: BEN, reason: 'reminded-today' }),
        expect.objectContaining({ email: CHLOE, reason: 'unsubscribed' }),
      ]),
    );
    expect(sent.length).toBeGreaterThan(0);
    for (const { email } of sent) expect(await handSent(email)).toHaveLength(1);
    expect(await auditRows(() => server, 'member.reminded')).toHaveLength(1 + sent.length);

    // The hour's quota used up (as by other administrators' reminders): the next is refused.
    const { organizationId } = await idOf(ALICE);
    const used = TEAM_REMINDERS_PER_HOUR - 1 - sent.length;
    for (let i = 0; i < used; i += 1) {
      await insertMessage(server.database.db, {
        organizationId,
        userId: null,
        kind: 'reminder',
        recipient: `someone.${i}@brightwave.example`,
        dedupeKey: `team-reminder:someone-${i}`,
        subject: 's',
        text: 't',
        html: 'h',
        headers: {},
      });
    }
    const newcomer = 'new.starter@brightwave.example';
    expect((await call('POST', '/api/users', ALICE, { email: newcomer })).statusCode).toBe(201);
    const refused = await remind(ALICE, (await idOf(newcomer)).id);
    expect(expectError(refused, 429)).toBe(
      `Your organisation can send ${TEAM_REMINDERS_PER_HOUR} reminders an hour; 0 are left this hour and this would send 1. Try again later.`,
    );
    expect(await handSent(newcomer)).toEqual([]);
  });

  it('is for administrators, and only for their own organisation’s members', async () => {
    const ben = await idOf(BEN);
    expect(expectError(await remind(BEN, ben.id), 403)).toMatch(/administrators/);
    expect(expectError(await remind(NOAH, ben.id), 404)).toBe(
      'There is no such member in your organisation.',
    );
    expect(expectError(await remind(ALICE, 'someone'), 400)).toMatch(/to/);
  });
});
