// A second server process (`main.ts`, as deployed) on the same PostgreSQL does not send the
// week's reminders again: each is recorded once per member and week in the database.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mailMessages, organizations } from '../src/db/schema';
import { queueWeeklyMail } from '../src/modules/mail/weekly';
import { type FakeSmtpServer, startSmtpServer } from './fakes/smtp-server';
import { startServerProcess } from './server-process';
import {
  createTestApp,
  type DatabaseLocation,
  freshDatabaseLocation,
  type TestApp,
} from './test-app';

describe.runIf(inject('postgresTemplate'))('the weekly reminders with two server processes', () => {
  let smtp: FakeSmtpServer;
  let location: DatabaseLocation;
  let first: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    location = await freshDatabaseLocation('postgres');
    first = await createTestApp('postgres', {
      database: await location.open(),
      seed: true,
      env: { SMTP_URL: smtp.url },
    });
  });
  afterAll(async () => {
    await first?.close();
    await location?.dispose();
    await smtp?.close();
  });

  it('sends each reminder once, whichever process runs the weekly job', async () => {
    const { db } = first.database;
    await db
      .update(organizations)
      .set({ mailReminders: true })
      .where(eq(organizations.domain, 'brightwave.example'));
    const queued = await queueWeeklyMail(first.app.jobs.mail);
    await first.app.jobs.drained();
    expect(queued.reminders).toBeGreaterThan(0);
    const received = smtp.received.length;

    if (!location.target) throw new Error('PostgreSQL has a URL');
    const second = await startServerProcess(location.target, { SMTP_URL: smtp.url });
    try {
      // What the Monday schedule sends, sent now; the second process runs it.
      await first.database.executeSql(
        `insert into pgboss.job (name, data, policy) values ('mail-weekly', '{}', 'stately')`,
      );
      const deadline = Date.now() + 60_000;
      let job: { state?: string; output?: unknown } = {};
      while (job.state !== 'completed' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const { rows } = await first.database.executeSql(
          `select state, output from pgboss.job where name = 'mail-weekly' order by created_on desc limit 1`,
        );
        job = (rows[0] ?? {}) as typeof job;
      }
      expect(job).toEqual({ state: 'completed', output: { reminders: 0, digests: 0 } });
    } finally {
      await second.kill();
    }
    await first.app.jobs.drained();
    expect(smtp.received).toHaveLength(received);
    const reminders = await db
      .select({ id: mailMessages.id })
      .from(mailMessages)
      .where(eq(mailMessages.kind, 'reminder'));
    expect(reminders).toHaveLength(queued.reminders);
  });
});
