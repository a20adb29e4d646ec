import type { Member } from '@castellan/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRows } from '../../../test/audit-rows';
import {
  ALICE,
  BEN,
  databaseKinds,
  expectError,
  NOAH,
  type TestApp,
  useTestApp,
} from '../../../test/test-app';
import { organizations, users } from '../../db/schema';
import { findUserByEmail } from './repository';
import { LAST_ADMIN_MESSAGE } from './service';

const CHLOE = 'chloe.davies@brightwave.example';
const DANIEL = 'daniel.evans@brightwave.example';
const JONAS = 'jonas.keller@brightwave.example';
const NOT_ADMIN = 'Only administrators of your organisation can do this.';
const UNKNOWN_ID = '00000000-0000-4000-8000-0000000000ff';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Calls the API as the given cookie (or anonymously), with an optional JSON body. */
const caller =
  (server: () => TestApp) =>
  (method: Method, url: string, cookie: string | null, payload?: object) =>
    server().inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload ? { payload } : {}),
    });

const idOf = async (server: () => TestApp, email: string): Promise<string> => {
  const user = await findUserByEmail(server().database.db, email);
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
};

const organizationIdOf = async (server: () => TestApp, domain: string) => {
  const [row] = await server()
    .database.db.select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.domain, domain));
  return row?.id;
};

describe.each(databaseKinds())('GET /api/users on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const call = caller(server);

  it('lists the members of the admin’s organisation by name, invited until they sign in', async () => {
    await server().signIn(BEN);
    const res = await call('GET', '/api/users', await server().signIn(ALICE));
    expect(res.statusCode).toBe(200);
    const { members } = res.json() as { members: Member[] };
    expect(members.map((m) => `${m.firstName} ${m.lastName}`)).toEqual([
      'Alice Morgan',
      'Ben Carter',
      'Chloe Davies',
      'Daniel Evans',
      'Emma Fischer',
      'Farid Ghani',
      'Grace Hughes',
      'Hiro Ito',
      'Isla Jones',
      'Jonas Keller',
    ]);
    expect(members[0]).toEqual({
      id: await idOf(server, ALICE),
      email: ALICE,
      firstName: 'Alice',
      lastName: 'Morgan',
      role: 'admin',
      status: 'active',
      lastSignInAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      invitedAt: null,
    });
    expect(members[1]).toMatchObject({ email: BEN, role: 'user', status: 'active' });
    expect(members[2]).toMatchObject({ email: CHLOE, status: 'invited', lastSignInAt: null });
  });

  it('shows each admin only their own organisation', async () => {
    const res = await call('GET', '/api/users', await server().signIn(NOAH));
    expect(res.json().members.map((m: Member) => m.email)).toEqual([NOAH]);
  });

  it('refuses members (403) and anonymous callers (401)', async () => {
    const res = await call('GET', '/api/users', await server().signIn(BEN));
    expect(expectError(res, 403)).toBe(NOT_ADMIN);
    expectError(await call('GET', '/api/users', null), 401);
  });
});

describe.each(databaseKinds())('POST /api/users on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const call = caller(server);
  const invite = async (payload: object, as = ALICE) =>
    call('POST', '/api/users', await server().signIn(as), payload);

  it('invites an address of the organisation’s domain as a member by default', async () => {
    const res = await invite({ email: '  New.Hire@Brightwave.example ' });
    expect(res.statusCode, res.body).toBe(201);
    const invited = res.json();
    expect(invited).toEqual({
      id: expect.any(String),
      email: 'new.hire@brightwave.example',
      firstName: '',
      lastName: '',
      role: 'user',
      status: 'invited',
      lastSignInAt: null,
      // The invitation e-mail was recorded and queued at once.
      invitedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const list = await call('GET', '/api/users', await server().signIn(ALICE));
    expect(list.json().members).toContainEqual(invited);

    const [row] = await auditRows(server, 'member.invited');
    expect(row).toEqual({
      organizationId: await organizationIdOf(server, 'brightwave.example'),
      actorEmail: ALICE,
      actorUserId: await idOf(server, ALICE),
      subjectEmail: 'new.hire@brightwave.example',
      details: { role: 'user' },
    });
  });

  it('invites administrators too, who then sign in as that user', async () => {
    const res = await invite({ email: 'second.admin@brightwave.example', role: 'admin' });
    expect(res.json()).toMatchObject({ role: 'admin', status: 'invited' });
    const cookie = await server().signIn('second.admin@brightwave.example');
    const list = await call('GET', '/api/users', cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json().members).toContainEqual(
      expect.objectContaining({
        id: res.json().id,
        status: 'active',
        lastSignInAt: expect.any(String),
      }),
    );
  });

  it('refuses addresses of other domains, naming the organisation’s', async () => {
    for (const email of ['someone@northfield.example', 'someone@sub.brightwave.example']) {
      expect(expectError(await invite({ email }), 400)).toBe(
        'You can only invite addresses at brightwave.example.',
      );
    }
    expect(expectError(await invite({ email: 'x@other.example' }, NOAH), 400)).toBe(
      'You can only invite addresses at northfield.example.',
    );
  });

  it('refuses consumer e-mail domains with a message of its own', async () => {
    expect(expectError(await invite({ email: 'someone@gmail.com' }), 400)).toBe(
      'gmail.com is a personal mail service. Invitations go to addresses at brightwave.example.',
    );
    expect(expectError(await invite({ email: 'x@Outlook.com' }, NOAH), 400)).toBe(
      'outlook.com is a personal mail service. Invitations go to addresses at northfield.example.',
    );
  });

  it('refuses an address that already has an account, in any organisation (409)', async () => {
    expect(expectError(await invite({ email: BEN.toUpperCase() }), 409)).toBe(
      `${BEN} already has an account.`,
    );
    // Someone of brightwave.example's domain who belongs to another organisation.
    const northfield = await organizationIdOf(server, 'northfield.example');
    if (!northfield) throw new Error('no northfield');
    await server()
      .database.db.insert(users)
      .values({ organizationId: northfield, email: 'contractor@brightwave.example' });
    expectError(await invite({ email: 'contractor@brightwave.example' }), 409);
  });

  it('refuses invalid requests (400), members (403) and anonymous callers (401)', async () => {
    expectError(await invite({ email: 'not-an-address' }), 400);
    expectError(await invite({ email: 'a@brightwave.example', role: 'owner' }), 400);
    expectError(await invite({}), 400);
    expectError(await invite({ email: 'a@brightwave.example' }, BEN), 403);
    expectError(await call('POST', '/api/users', null, { email: 'a@brightwave.example' }), 401);
    const list = await call('GET', '/api/users', await server().signIn(ALICE));
    expect(list.json().members.map((m: Member) => m.email)).not.toContain('a@brightwave.example');
  });
});

describe.each(databaseKinds())('PATCH /api/users/:id on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const call = caller(server);
  const setRole = async (email: string, role: string, as = ALICE) =>
    call('PATCH', `/api/users/${await idOf(server, email)}`, await server().signIn(as), { role });

  it('promotes a member, who then has the administrators’ rights, and demotes them', async () => {
    const promoted = await setRole(BEN, 'admin');
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json()).toMatchObject({ email: BEN, role: 'admin' });
    const ben = await server().signIn(BEN);
    expect((await call('GET', '/api/users', ben)).statusCode).toBe(200);

    const demoted = await setRole(BEN, 'user');
    expect(demoted.json()).toMatchObject({ email: BEN, role: 'user' });
    expectError(await call('GET', '/api/users', ben), 403);

    const rows = await auditRows(server, 'member.role_changed');
    expect(rows).toEqual([
      expect.objectContaining({
        actorEmail: ALICE,
        subjectEmail: BEN,
        details: { from: 'user', to: 'admin' },
        organizationId: await organizationIdOf(server, 'brightwave.example'),
      }),
      expect.objectContaining({ subjectEmail: BEN, details: { from: 'admin', to: 'user' } }),
    ]);
  });

  it('records nothing when the role stays the same', async () => {
    const before = (await auditRows(server, 'member.role_changed')).length;
    expect((await setRole(CHLOE, 'user')).json()).toMatchObject({ role: 'user' });
    expect(await auditRows(server, 'member.role_changed')).toHaveLength(before);
  });

  it('refuses to demote the last administrator (409)', async () => {
    expect(expectError(await setRole(ALICE, 'user'), 409)).toBe(LAST_ADMIN_MESSAGE);
    expect(expectError(await setRole(NOAH, 'user', NOAH), 409)).toBe(LAST_ADMIN_MESSAGE);
    expect(await findUserByEmail(server().database.db, ALICE)).toMatchObject({ role: 'admin' });
  });

  it('lets an admin step down once there is another', async () => {
    await setRole(DANIEL, 'admin');
    expect((await setRole(ALICE, 'user')).json()).toMatchObject({ email: ALICE, role: 'user' });
    expect((await setRole(ALICE, 'admin', DANIEL)).json()).toMatchObject({ role: 'admin' });
    expect((await setRole(DANIEL, 'user')).json()).toMatchObject({ role: 'user' });
  });

  it('answers 404 for users of other organisations and unknown ids, 400 for bad ones', async () => {
    const alice = await server().signIn(ALICE);
    const noahId = await idOf(server, NOAH);
    const res = await call('PATCH', `/api/users/${noahId}`, alice, { role: 'user' });
    expect(expectError(res, 404)).toBe('There is no such member in your organisation.');
    expectError(await call('PATCH', `/api/users/${UNKNOWN_ID}`, alice, { role: 'user' }), 404);
    expect(await findUserByEmail(server().database.db, NOAH)).toMatchObject({ role: 'admin' });
    expectError(await call('PATCH', '/api/users/42', alice, { role: 'user' }), 400);
    expectError(await setRole(BEN, 'owner'), 400);
  });

  it('refuses members (403) and anonymous callers (401)', async () => {
    expectError(await setRole(CHLOE, 'admin', BEN), 403);
    const id = await idOf(server, BEN);
    expectError(await call('PATCH', `/api/users/${id}`, null, { role: 'admin' }), 401);
    expect(await findUserByEmail(server().database.db, BEN)).toMatchObject({ role: 'user' });
  });

  it('concurrent demotions and removals of the last two admins leave one administrator', async () => {
    const db = server().database.db;
    const organizationId = await organizationIdOf(server, 'brightwave.example');
    if (!organizationId) throw new Error('no brightwave');
    const admins = async () =>
      (
        await db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.organizationId, organizationId), eq(users.role, 'admin')))
      ).length;
    const alice = await server().signIn(ALICE);
    const [aliceId, benId] = [await idOf(server, ALICE), await idOf(server, BEN)];
    for (let round = 0; round < 5; round += 1) {
      await db.update(users).set({ role: 'admin' }).where(eq(users.id, benId));
      await db.update(users).set({ role: 'admin' }).where(eq(users.id, aliceId));
      expect(await admins()).toBe(2);
      const answers = await Promise.all([
        call('PATCH', `/api/users/${benId}`, alice, { role: 'user' }),
        call('PATCH', `/api/users/${aliceId}`, alice, { role: 'user' }),
        call('DELETE', `/api/users/${benId}`, alice),
      ]);
      const succeeded = answers.filter((a) => a.statusCode === 200);
      expect(succeeded.length, answers.map((a) => a.body).join('\n')).toBeGreaterThanOrEqual(1);
      for (const a of answers) expect([200, 403, 404, 409]).toContain(a.statusCode);
      expect(await admins()).toBe(1);
      if (!(await findUserByEmail(db, BEN))) break; // Ben was removed: nothing left to race.
    }
  });
});

describe.each(databaseKinds())('DELETE /api/users/:id on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const call = caller(server);
  const remove = async (email: string, as = ALICE) =>
    call('DELETE', `/api/users/${await idOf(server, email)}`, await server().signIn(as));

  it('removes a member, ends all their sessions and records it', async () => {
    const jonasSessions = [await server().signIn(JONAS), await server().signIn(JONAS)];
    const id = await idOf(server, JONAS);
    const res = await remove(JONAS);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ removed: true });

    for (const cookie of jonasSessions) {
      expectError(await call('GET', '/api/auth/user-data', cookie), 401);
    }
    const list = await call('GET', '/api/users', await server().signIn(ALICE));
    expect(list.json().members.map((m: Member) => m.email)).not.toContain(JONAS);
    const login = await call('POST', '/api/auth/test-login', null, { email: JONAS });
    expectError(login, 404);

    expect(await auditRows(server, 'member.removed')).toEqual([
      {
        organizationId: await organizationIdOf(server, 'brightwave.example'),
        actorEmail: ALICE,
        actorUserId: await idOf(server, ALICE),
        subjectEmail: JONAS,
        details: { role: 'user' },
      },
    ]);
    expectError(await call('DELETE', `/api/users/${id}`, await server().signIn(ALICE)), 404);
  });

  it('refuses to remove the last administrator (409)', async () => {
    expect(expectError(await remove(ALICE), 409)).toBe(LAST_ADMIN_MESSAGE);
    expect(expectError(await remove(NOAH, NOAH), 409)).toBe(LAST_ADMIN_MESSAGE);
    expect(await findUserByEmail(server().database.db, ALICE)).not.toBeNull();
  });

  it('removes an administrator when another remains', async () => {
    await call('PATCH', `/api/users/${await idOf(server, CHLOE)}`, await server().signIn(ALICE), {
      role: 'admin',
    });
    expect((await remove(CHLOE)).json()).toEqual({ removed: true });
    expect((await auditRows(server, 'member.removed')).at(-1)).toMatchObject({
      subjectEmail: CHLOE,
      details: { role: 'admin' },
    });
  });

  it('answers 404 for users of other organisations, leaving them alone', async () => {
    const res = await remove(NOAH);
    expect(expectError(res, 404)).toBe('There is no such member in your organisation.');
    expect(await findUserByEmail(server().database.db, NOAH)).not.toBeNull();
  });

  it('refuses members (403) and anonymous callers (401)', async () => {
    expect(expectError(await remove(DANIEL, BEN), 403)).toBe(NOT_ADMIN);
    expectError(await call('DELETE', `/api/users/${await idOf(server, DANIEL)}`, null), 401);
    expect(await findUserByEmail(server().database.db, DANIEL)).not.toBeNull();
  });
});
