import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ALICE, databaseKinds, useTestApp } from '../../../test/test-app';
import { sessions, users } from '../../db/schema';
import { hashToken } from '../../lib/hash-token';
import { createSession, deleteExpiredSessions } from './repository';

const HOUR = 3_600_000;
const IDLE_MS = 24 * HOUR;
const client = { ip: '127.0.0.1', userAgent: null };

describe.each(databaseKinds())('expired sessions purge on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const db = () => server().database.db;

  /** Three sessions of Alice: one live, one past its end, one idle too long. */
  const threeSessions = async () => {
    const [alice] = await db()
      .select({ id: users.id, organizationId: users.organizationId })
      .from(users)
      .where(eq(users.email, ALICE));
    if (!alice) throw new Error('no Alice');
    const now = Date.now();
    const open = (expiresAt: number, createdAt = now) =>
      createSession(db(), {
        userId: alice.id,
        organizationId: alice.organizationId,
        expiresAt: new Date(expiresAt),
        client,
        now: new Date(createdAt),
      });
    const live = await open(now + HOUR);
    const ended = await open(now - 1000, now - 2 * HOUR);
    const idle = await open(now + 7 * 24 * HOUR, now - 25 * HOUR);
    const hashes = [live, ended, idle].map((s) => hashToken(s.token));
    const left = async () =>
      (
        await db()
          .select({ tokenHash: sessions.tokenHash })
          .from(sessions)
          .where(inArray(sessions.tokenHash, hashes))
      ).map((r) => r.tokenHash);
    return { live: hashToken(live.token), left };
  };

  it('deleteExpiredSessions drops ended and idle sessions and keeps live ones', async () => {
    const { live, left } = await threeSessions();
    expect(await deleteExpiredSessions(db(), IDLE_MS)).toBeGreaterThanOrEqual(2);
    expect(await left()).toEqual([live]);
  });
});
