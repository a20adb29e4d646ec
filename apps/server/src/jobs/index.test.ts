import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALICE, databaseKinds, testConfig, useTestApp } from '../../test/test-app';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { hashToken } from '../lib/hash-token';
import { createSession } from '../modules/sessions/repository';
import { SCHEDULED_JOBS, type ScheduledJob, startJobs } from './index';

const HOUR = 3_600_000;

describe('startJobs', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs each job a second after start, then on its own period, until stopped', async () => {
    const db = {} as Db;
    const config = testConfig();
    const log = { debug: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;
    const fast: ScheduledJob = { name: 'fast', everyMs: 4_000, run: vi.fn(async () => ({})) };
    const slow: ScheduledJob = { name: 'slow', everyMs: 60_000, run: vi.fn(async () => ({})) };
    const stop = startJobs(db, config, log, [fast, slow]);
    await vi.advanceTimersByTimeAsync(10_000);
    // At 1 s, 4 s and 8 s; the slow one at 1 s only.
    expect(fast.run).toHaveBeenCalledTimes(3);
    expect(slow.run).toHaveBeenCalledTimes(1);
    expect(fast.run).toHaveBeenCalledWith(db, config);
    await stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fast.run).toHaveBeenCalledTimes(3);
    expect(slow.run).toHaveBeenCalledTimes(1);
  });

  it('names each scheduled job once (the name is its log label, and later its queue)', () => {
    const names = SCHEDULED_JOBS.map((job) => job.name);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe.each(databaseKinds())('the scheduled jobs on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });

  it('purge expired sessions soon after start, and stop cleanly', async () => {
    const { db } = server().database;
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
    const left = async () =>
      (
        await db
          .select({ tokenHash: sessions.tokenHash })
          .from(sessions)
          .where(inArray(sessions.tokenHash, hashes))
      ).map((r) => r.tokenHash);

    const stop = startJobs(db, server().config, server().app.log);
    try {
      await vi.waitFor(async () => expect(await left()).toEqual([hashToken(live.token)]), {
        timeout: 15_000,
        interval: 100,
      });
    } finally {
      await stop();
    }
  });
});
