import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ALICE, databaseKinds, useTestApp } from '../../test/test-app';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { hashToken } from '../lib/hash-token';
import { createSession } from '../modules/sessions/repository';
import { startJobs } from './index';
import type { NudgeRuns } from './nudge-runs';
import { SCHEDULED_JOBS, type ScheduledJobContext } from './scheduled-jobs';

const HOUR = 3_600_000;

describe('the scheduled jobs', () => {
  it('name each job once (its queue and its schedule)', () => {
    const names = SCHEDULED_JOBS.map((job) => job.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("queue the nudge runs at once when a process starts, and spread over the hour on the hour's schedule", async () => {
    const nudgeJob = SCHEDULED_JOBS.find((job) => job.name === 'nudges');
    if (!nudgeJob) throw new Error('no nudges job');
    const asked: { spread?: boolean }[] = [];
    const nudgeRuns: NudgeRuns = {
      queueAll: async (_now, options = {}) => {
        asked.push(options);
        return { organizations: 0, queued: 0 };
      },
    };
    const background = { nudgeRuns } as ScheduledJobContext;
    const run = (atStart: boolean) =>
      nudgeJob.run({} as Db, {} as Config, new AbortController().signal, background, { atStart });
    await run(true);
    await run(false);
    expect(asked).toEqual([{ spread: false }, { spread: true }]);
  });
});

describe.each(databaseKinds())('the scheduled jobs on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });

  it('are scheduled by a process that runs them, and purge expired sessions when sent', async () => {
    const { database, config, app } = server();
    const { db } = database;
    const [alice] = await db
      .select({ id: users.id, organizationId: users.organizationId })
      .from(users)
      .where(eq(users.email, ALICE));
    if (!alice) throw new Error('no Alice');
    const now = Date.now();
    const open = (expiresAt: number, createdAt: number) =>
      createSession(db, {
        userId: alice.id,
        organizationId: alice.organizationId,
        expiresAt: new Date(expiresAt),
        client: { ip: '127.0.0.1', userAgent: null },
        now: new Date(createdAt),
      });
    // Live; past its end; idle for longer than the configured 24 hours.
    const live = await open(now + HOUR, now);
    const ended = await open(now - 1000, now - 2 * HOUR);
    const idle = await open(now + 7 * 24 * HOUR, now - 25 * HOUR);
    const hashes = [live, ended, idle].map((s) => hashToken(s.token));

    const jobs = await startJobs(database, config, app.log, {
      schedule: true,
      nudgeSpreadSeconds: 0,
    });
    try {
      const { rows } = await database.executeSql('select name, cron from pgboss.schedule');
      expect(rows).toEqual(
        expect.arrayContaining(SCHEDULED_JOBS.map(({ name, cron }) => ({ name, cron }))),
      );
      // The jobs due at start are sent as such (the nudge runs then go at once).
      const { rows: atStart } = await database.executeSql(
        `select data from pgboss.job where name = 'nudges'`,
      );
      expect(atStart).toEqual([{ data: { atStart: true } }]);
      // What the schedule sends every 15 minutes, sent now.
      await database.executeSql(
        `insert into pgboss.job (name, data, policy) values ('expired-sessions-purge', '{}', 'stately')`,
      );
      await jobs.drained();
    } finally {
      await jobs.stop();
    }
    const left = await db
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(inArray(sessions.tokenHash, hashes));
    expect(left.map((r) => r.tokenHash)).toEqual([hashToken(live.token)]);
  });
});
