import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ALICE,
  BEN,
  cookieHeader,
  databaseKinds,
  expectError,
  SAM,
  signIn,
  useTestApp,
} from '../../../test/test-app';
import { sessions, users } from '../../db/schema';
import { hashToken } from '../../lib/hash-token';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

type Listed = {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  device: string;
  ip: string | null;
  current: boolean;
};

describe.each(databaseKinds())('a user’s own sessions on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const db = () => server().database.db;

  const list = async (cookie: string): Promise<Listed[]> => {
    const res = await server().inject({ url: '/api/auth/sessions', headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().sessions;
  };
  const end = (cookie: string, id: string) =>
    server().inject({ method: 'DELETE', url: `/api/auth/sessions/${id}`, headers: { cookie } });
  const userData = (cookie: string) =>
    server().inject({ url: '/api/auth/user-data', headers: { cookie } });
  const signOutEverywhere = (email: string) =>
    db()
      .delete(sessions)
      .where(
        eq(
          sessions.userId,
          db().select({ id: users.id }).from(users).where(eq(users.email, email)),
        ),
      );
  /** Two sessions of `email`: a phone first, then a laptop. */
  const twoBrowsers = async (email: string) => {
    await signOutEverywhere(email);
    const phone = await signIn(server().app, email, { 'user-agent': SAFARI });
    const laptop = await signIn(server().app, email, { 'user-agent': FIREFOX });
    return { phone, laptop };
  };

  it('lists the user’s sessions with device, address and times, marking the current one', async () => {
    const before = Date.now();
    const { phone, laptop } = await twoBrowsers(BEN);
    const listed = await list(laptop);
    expect(listed).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        createdAt: expect.any(String),
        lastSeenAt: expect.any(String),
        device: 'Firefox on Windows',
        ip: expect.stringMatching(/^10\./),
        current: true,
      },
      expect.objectContaining({ device: 'Safari on iOS', current: false }),
    ]);
    expect(new Date(listed[0]?.createdAt ?? 0).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(listed[0]?.ip).not.toBe(listed[1]?.ip);
    // From the phone, the phone is the current one.
    expect((await list(phone)).map((s) => s.current)).toEqual([false, true]);
  });

  it('never shows the token or its hash', async () => {
    const { laptop } = await twoBrowsers(BEN);
    const token = laptop.slice(laptop.indexOf('=') + 1);
    const body = JSON.stringify(await list(laptop));
    expect(body).not.toContain(token);
    expect(body).not.toContain(hashToken(token));
  });

  it('does not list other users’ sessions, nor staff acting as the user', async () => {
    const { laptop } = await twoBrowsers(ALICE);
    await signIn(server().app, BEN);
    const [alice] = await db().select({ id: users.id }).from(users).where(eq(users.email, ALICE));
    const started = await server().inject({
      method: 'POST',
      url: '/api/impersonation',
      payload: { userId: alice?.id },
      headers: { cookie: await server().signIn(SAM) },
    });
    expect(started.statusCode, started.body).toBe(200);
    const impersonation = cookieHeader(started);

    expect(await list(laptop)).toHaveLength(2);
    // The staff member sees Alice's own sessions, none of them the one they use.
    const seenByStaff = await list(impersonation);
    expect(seenByStaff.map((s) => s.id).sort()).toEqual(
      (await list(laptop)).map((s) => s.id).sort(),
    );
    expect(seenByStaff.some((s) => s.current)).toBe(false);
  });

  it('ends another session of the user: its next call is 401, the list shrinks', async () => {
    const { phone, laptop } = await twoBrowsers(BEN);
    const other = (await list(laptop)).find((s) => !s.current);
    if (!other) throw new Error('no other session');
    const res = await end(laptop, other.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ended: true });
    expectError(await userData(phone), 401);
    expect((await userData(laptop)).statusCode).toBe(200);
    expect(await list(laptop)).toEqual([expect.objectContaining({ current: true })]);
    expectError(await end(laptop, other.id), 404);
  });

  it('refuses to end the current session (400): that is what logout is for', async () => {
    const { laptop } = await twoBrowsers(BEN);
    const current = (await list(laptop)).find((s) => s.current);
    expect(expectError(await end(laptop, current?.id ?? ''), 400)).toMatch(/log out/);
    expect((await userData(laptop)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id, another user’s session and a staff impersonation', async () => {
    const alice = await twoBrowsers(ALICE);
    const ben = await twoBrowsers(BEN);
    expectError(await end(ben.laptop, UNKNOWN_ID), 404);
    for (const session of await list(alice.laptop)) {
      expectError(await end(ben.laptop, session.id), 404);
    }
    expect(await list(alice.laptop)).toHaveLength(2);

    const [benRow] = await db().select({ id: users.id }).from(users).where(eq(users.email, BEN));
    const started = await server().inject({
      method: 'POST',
      url: '/api/impersonation',
      payload: { userId: benRow?.id },
      headers: { cookie: await server().signIn(SAM) },
    });
    const [impersonation] = await db()
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(cookieHeader(started).split('=')[1] ?? '')));
    expectError(await end(ben.laptop, impersonation?.id ?? ''), 404);
    expect((await userData(cookieHeader(started))).statusCode).toBe(200);
  });

  it('answers 400 for an id that is not a session id', async () => {
    const { laptop } = await twoBrowsers(BEN);
    expect(expectError(await end(laptop, 'not-a-uuid'), 400)).toMatch(/session id/);
  });

  it('leaves out sessions that have ended', async () => {
    const { phone, laptop } = await twoBrowsers(BEN);
    const token = phone.slice(phone.indexOf('=') + 1);
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(await list(laptop)).toEqual([expect.objectContaining({ current: true })]);
  });
});
