import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRows } from '../../../test/audit-rows';
import {
  ALICE,
  BEN,
  databaseKinds,
  expectError,
  NOAH,
  SAM,
  sessionCookie,
  type TestApp,
  useTestApp,
} from '../../../test/test-app';
import { organizations, sessions } from '../../db/schema';
import { SESSION_COOKIE } from '../sessions/plugin';
import { createSession } from '../sessions/repository';
import { findUserByEmail } from './repository';
import { LAST_ADMIN_MESSAGE } from './service';

const GRACE = 'grace.hughes@brightwave.example';
const HIRO = 'hiro.ito@brightwave.example';

const userOf = async (server: () => TestApp, email: string) => {
  const user = await findUserByEmail(server().database.db, email);
  if (!user) throw new Error(`no user ${email}`);
  return user;
};

describe.each(databaseKinds())('PATCH /api/auth/profile on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const patch = (cookie: string | null, payload: object) =>
    server().inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers: cookie ? { cookie } : {},
      payload,
    });

  it('changes the signed-in user’s own name and answers their user data', async () => {
    const cookie = await server().signIn(BEN);
    const res = await patch(cookie, { firstName: '  Benjamin ', lastName: 'Carter-Smith' });
    expect(res.statusCode, res.body).toBe(200);
    const userData = await server().inject({ url: '/api/auth/user-data', headers: { cookie } });
    expect(res.json()).toEqual(userData.json());
    expect(res.json()).toMatchObject({
      email: BEN,
      firstName: 'Benjamin',
      lastName: 'Carter-Smith',
      role: 'user',
      companyDomain: 'brightwave.example',
    });
    const alice = await server().signIn(ALICE);
    const members = await server().inject({ url: '/api/users', headers: { cookie: alice } });
    expect(members.json().members).toContainEqual(
      expect.objectContaining({ email: BEN, firstName: 'Benjamin', lastName: 'Carter-Smith' }),
    );
    expect(await userOf(server, ALICE)).toMatchObject({ firstName: 'Alice', lastName: 'Morgan' });
  });

  it('refuses empty, missing, over-long and unknown fields (400)', async () => {
    const cookie = await server().signIn(ALICE);
    for (const payload of [
      { firstName: '', lastName: 'Morgan' },
      { firstName: '   ', lastName: 'Morgan' },
      { firstName: 'Alice' },
      { firstName: 'Alice', lastName: 'x'.repeat(101) },
      { firstName: 'Alice', lastName: 'Morgan', role: 'admin' },
      { firstName: 'Alice', lastName: 'Morgan', email: 'other@brightwave.example' },
    ]) {
      expectError(await patch(cookie, payload), 400);
    }
    expect(expectError(await patch(cookie, { firstName: '', lastName: 'Morgan' }), 400)).toMatch(
      /firstName/,
    );
    // A name goes into mail headers: a line break there could add a header of its own.
    for (const lastName of ['Morgan\r\nBcc: someone@else.example', 'Mor\ngan', 'Mor\u0000gan']) {
      expect(expectError(await patch(cookie, { firstName: 'Alice', lastName }), 400)).toBe(
        'A name cannot contain line breaks or other control characters.',
      );
    }
    expect(await userOf(server, ALICE)).toMatchObject({
      firstName: 'Alice',
      lastName: 'Morgan',
      role: 'admin',
      email: ALICE,
    });
  });

  it('answers 401 when nobody is signed in', async () => {
    expectError(await patch(null, { firstName: 'A', lastName: 'B' }), 401);
  });
});

describe.each(databaseKinds())('POST /api/auth/delete-account on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const deleteAccount = (cookie: string | null) =>
    server().inject({
      method: 'POST',
      url: '/api/auth/delete-account',
      headers: cookie ? { cookie } : {},
      remoteAddress: '198.51.100.7',
    });
  const userData = (cookie: string) =>
    server().inject({ url: '/api/auth/user-data', headers: { cookie } });
  const testUsers = async () =>
    (await server().inject({ url: '/api/auth/test-users' }))
      .json()
      .users.map((u: { email: string }) => u.email);

  it('deletes a member’s account, ends all their sessions and clears the cookie', async () => {
    const other = await server().signIn(HIRO);
    const cookie = await server().signIn(HIRO);
    const res = await deleteAccount(cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: true });
    const cleared = sessionCookie(res);
    expect(cleared?.name).toBe(SESSION_COOKIE);
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());

    expectError(await userData(cookie), 401);
    expectError(await userData(other), 401);
    expect(await findUserByEmail(server().database.db, HIRO)).toBeNull();
    expect(await testUsers()).not.toContain(HIRO);
    expectError(
      await server().inject({
        method: 'POST',
        url: '/api/auth/test-login',
        payload: { email: HIRO },
      }),
      404,
    );
    // The organisation and everyone else stay.
    expect((await userData(await server().signIn(ALICE))).statusCode).toBe(200);
    const hiro = (await auditRows(server, 'account.deleted')).find((r) => r.actorEmail === HIRO);
    expect(hiro).toEqual({
      organizationId: (await userOf(server, ALICE)).organizationId,
      actorEmail: HIRO,
      actorUserId: expect.any(String),
      subjectEmail: HIRO,
      details: { clientAddress: '198.51.100.7', role: 'user', organizationDeleted: false },
    });
  });

  it('refuses the last administrator while the organisation has other members (409)', async () => {
    const cookie = await server().signIn(ALICE);
    expect(expectError(await deleteAccount(cookie), 409)).toBe(LAST_ADMIN_MESSAGE);
    expect((await userData(cookie)).statusCode).toBe(200);
    expect(await findUserByEmail(server().database.db, ALICE)).not.toBeNull();
    const records = await auditRows(server, 'account.deleted');
    expect(records.filter((r) => r.actorEmail === ALICE)).toEqual([]);
  });

  it('lets an administrator go once another one remains', async () => {
    const alice = await server().signIn(ALICE);
    const grace = await userOf(server, GRACE);
    const promote = await server().inject({
      method: 'PATCH',
      url: `/api/users/${grace.id}`,
      headers: { cookie: alice },
      payload: { role: 'admin' },
    });
    expect(promote.statusCode).toBe(200);
    expect((await deleteAccount(await server().signIn(GRACE))).json()).toEqual({ deleted: true });
    expect(await findUserByEmail(server().database.db, GRACE)).toBeNull();
  });

  it('takes the organisation with it when the user is its only member', async () => {
    const noah = await userOf(server, NOAH);
    const res = await deleteAccount(await server().signIn(NOAH));
    expect(res.json()).toEqual({ deleted: true });
    const left = await server()
      .database.db.select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, noah.organizationId));
    expect(left).toEqual([]);
    expect(await testUsers()).not.toContain(NOAH);
    // The record outlives the organisation and its user.
    expect(await auditRows(server, 'account.deleted')).toContainEqual({
      organizationId: noah.organizationId,
      actorEmail: NOAH,
      actorUserId: noah.id,
      subjectEmail: NOAH,
      details: { clientAddress: '198.51.100.7', role: 'admin', organizationDeleted: true },
    });
  });

  it('is refused while a staff member acts as the user (403)', async () => {
    const [ben, sam] = [await userOf(server, BEN), await userOf(server, SAM)];
    const { token } = await createSession(server().database.db, {
      userId: ben.id,
      organizationId: ben.organizationId,
      impersonator: { userId: sam.id, sessionExpiresAt: new Date(Date.now() + 60_000) },
      expiresAt: new Date(Date.now() + 60_000),
      client: { ip: '127.0.0.1', userAgent: null },
    });
    const cookie = `${SESSION_COOKIE}=${token}`;
    expect(expectError(await deleteAccount(cookie), 403)).toMatch(/Staff/);
    expect(await findUserByEmail(server().database.db, BEN)).not.toBeNull();
    await server().database.db.delete(sessions).where(eq(sessions.userId, ben.id));
  });

  it('answers 401 when nobody is signed in', async () => {
    expectError(await deleteAccount(null), 401);
  });
});
