import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ALICE,
  BEN,
  cookieHeader,
  databaseKinds,
  expectError,
  NOAH,
  PRODUCT_DOMAIN,
  SAM,
  sessionCookie,
  useTestApp,
} from '../../../test/test-app';
import { auditEvents, organizations, sessions, users } from '../../db/schema';
import { hashToken } from '../../lib/hash-token';
import { SESSION_COOKIE } from '../sessions/plugin';
import { createSession } from '../sessions/repository';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const HOUR = 3_600_000;
const BROWSER = 'Mozilla/5.0 (impersonation test)';

describe.each(databaseKinds())('impersonation on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const db = () => server().database.db;

  const idOf = async (email: string) => {
    const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!row) throw new Error(`no user ${email}`);
    return row.id;
  };
  const organizationIdOf = async (domain: string) => {
    const [row] = await db()
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.domain, domain));
    if (!row) throw new Error(`no organisation ${domain}`);
    return row.id;
  };
  const search = (cookie: string | null, q?: string) =>
    server().inject({
      url: q === undefined ? '/api/impersonation/users' : `/api/impersonation/users?q=${q}`,
      headers: cookie ? { cookie } : {},
    });
  const start = (cookie: string | null, userId: string) =>
    server().inject({
      method: 'POST',
      url: '/api/impersonation',
      payload: { userId },
      headers: { 'user-agent': BROWSER, ...(cookie ? { cookie } : {}) },
    });
  const logout = (cookie: string) =>
    server().inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, 'user-agent': BROWSER },
    });
  const userData = (cookie: string) =>
    server().inject({ url: '/api/auth/user-data', headers: { cookie } });
  const emails = (res: { json(): unknown }) =>
    (res.json() as { users: { email: string }[] }).users.map((u) => u.email);
  /** Sam acting as `email`: the cookie of the impersonation session. */
  const actAs = async (email: string) => {
    const res = await start(await server().signIn(SAM), await idOf(email));
    expect(res.statusCode, res.body).toBe(200);
    return cookieHeader(res);
  };
  const auditOf = (action: string, subjectEmail: string) =>
    db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action), eq(auditEvents.subjectEmail, subjectEmail)));
  const sessionWhere = (cookie: string) =>
    eq(sessions.tokenHash, hashToken(cookie.slice(cookie.indexOf('=') + 1)));
  const sessionRow = async (cookie: string) => {
    const [row] = await db().select().from(sessions).where(sessionWhere(cookie));
    if (!row) throw new Error('no such session');
    return row;
  };
  const changeSession = (cookie: string, values: Partial<typeof sessions.$inferInsert>) =>
    db().update(sessions).set(values).where(sessionWhere(cookie));
  const addUser = async (email: string, values: Partial<typeof users.$inferInsert> = {}) => {
    const [row] = await db()
      .insert(users)
      .values({
        organizationId: await organizationIdOf(PRODUCT_DOMAIN),
        email,
        firstName: 'Extra',
        lastName: 'Person',
        ...values,
      })
      .returning({ id: users.id });
    if (!row) throw new Error('not inserted');
    return row.id;
  };

  describe('who may use it', () => {
    it('anonymous callers get 401', async () => {
      expectError(await search(null, 'ben'), 401);
      expectError(await start(null, await idOf(BEN)), 401);
    });

    it('members and administrators who are not staff get 403', async () => {
      for (const email of [BEN, ALICE]) {
        const cookie = await server().signIn(email);
        expectError(await search(cookie, 'ben'), 403);
        expectError(await start(cookie, await idOf(NOAH)), 403);
      }
      expect(await auditOf('impersonation.started', NOAH)).toEqual([]);
    });
  });

  describe('GET /api/impersonation/users', () => {
    it('finds users of every organisation by name, e-mail or domain, ignoring case', async () => {
      const sam = await server().signIn(SAM);
      const res = await search(sam, 'BEN');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        users: [
          {
            id: await idOf(BEN),
            email: BEN,
            firstName: 'Ben',
            lastName: 'Carter',
            role: 'user',
            companyDomain: 'brightwave.example',
            organizationStatus: 'REGISTERED',
            staff: false,
          },
        ],
      });
      expect(emails(await search(sam, 'fields'))).toEqual([NOAH]);
      expect(emails(await search(sam, 'noah.fields%40north'))).toEqual([NOAH]);
      expect(emails(await search(sam, 'northfield'))).toEqual([NOAH]);
      expect(emails(await search(sam, 'ben%20carter'))).toEqual([BEN]);
      expect(emails(await search(sam, 'ben%20davies'))).toEqual([]);
    });

    it('lists staff too, marked as such', async () => {
      const res = await search(await server().signIn(SAM), 'rivera');
      expect(res.json().users).toEqual([expect.objectContaining({ email: SAM, staff: true })]);
    });

    it('sorts by organisation, administrators first, then by name', async () => {
      const found = emails(await search(await server().signIn(SAM), 'brightwave'));
      expect(found).toHaveLength(10);
      expect(found.slice(0, 4)).toEqual([
        ALICE,
        BEN,
        'chloe.davies@brightwave.example',
        'daniel.evans@brightwave.example',
      ]);
      const all = emails(await search(await server().signIn(SAM)));
      expect(all.indexOf(ALICE)).toBeLessThan(all.indexOf(NOAH));
    });

    it('takes % and _ literally', async () => {
      const sam = await server().signIn(SAM);
      expect(emails(await search(sam, '%25'))).toEqual([]);
      expect(emails(await search(sam, '_'))).toEqual([]);
      expect(emails(await search(sam, 'ben_carter'))).toEqual([]);
      expect(emails(await search(sam, '%5C'))).toEqual([]);
    });

    it('answers at most 50 users', async () => {
      const organizationId = await organizationIdOf(PRODUCT_DOMAIN);
      await db()
        .insert(users)
        .values(
          Array.from({ length: 60 }, (_, i) => ({
            organizationId,
            email: `crowd${i}@${PRODUCT_DOMAIN}`,
            firstName: 'Crowd',
            lastName: `Member ${i}`,
          })),
        );
      const sam = await server().signIn(SAM);
      expect(emails(await search(sam, 'crowd'))).toHaveLength(50);
      expect(emails(await search(sam))).toHaveLength(50);
    });
  });

  describe('POST /api/impersonation', () => {
    it('refuses an unknown user (404), oneself and other staff members (403)', async () => {
      const sam = await server().signIn(SAM);
      expectError(await start(sam, UNKNOWN_ID), 404);
      expect(expectError(await start(sam, await idOf(SAM)), 403)).toBe(
        'You cannot impersonate yourself.',
      );
      const otherStaff = await addUser(`taylor.staff@${PRODUCT_DOMAIN}`, { isStaff: true });
      expect(expectError(await start(sam, otherStaff), 403)).toBe(
        'Staff members cannot impersonate other staff members.',
      );
      // Sam is still signed in as himself after the refusals.
      expect((await userData(sam)).json()).toMatchObject({ email: SAM, impersonatedBy: null });
    });

    it("issues a new session as the target and ends the staff member's own", async () => {
      const sam = await server().signIn(SAM);
      const res = await start(sam, await idOf(BEN));
      expect(res.statusCode, res.body).toBe(200);
      const impersonatedBy = { email: SAM, firstName: 'Sam', lastName: 'Rivera' };
      expect(res.json()).toMatchObject({ email: BEN, role: 'user', staff: false, impersonatedBy });
      expect(sessionCookie(res)).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      const ben = cookieHeader(res);
      expect(ben).not.toBe(sam);

      expectError(await userData(sam), 401);
      const me = await userData(ben);
      expect(me.json()).toMatchObject({ email: BEN, impersonatedBy });
    });

    it('every request then runs as the target, with the rights of the target', async () => {
      const ben = await actAs(BEN);
      const organization = await server().inject({
        url: '/api/organization',
        headers: { cookie: ben },
      });
      expect(organization.json()).toMatchObject({ domain: 'brightwave.example' });
      // Ben is no administrator and no staff member: another impersonation needs a logout first.
      expectError(await server().inject({ url: '/api/tours', headers: { cookie: ben } }), 403);
      expectError(await search(ben, 'alice'), 403);
      expectError(await start(ben, await idOf(ALICE)), 403);
    });

    it('records who started acting as whom, when and from where', async () => {
      const before = Date.now();
      await actAs(NOAH);
      const rows = await auditOf('impersonation.started', NOAH);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        organizationId: await organizationIdOf('northfield.example'),
        actorUserId: await idOf(SAM),
        actorEmail: SAM,
        subjectUserId: await idOf(NOAH),
        subjectEmail: NOAH,
        details: { ip: '127.0.0.1', userAgent: BROWSER },
      });
      expect(rows[0]?.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    });
  });

  describe('demo staff and real customers', () => {
    const REAL_CUSTOMER = 'pat.real@realcustomer.test';
    /** A real (not demo) organisation with a user, and a real staff organisation with a staff member. */
    const realOrganizations = async () => {
      const made = await db()
        .insert(organizations)
        .values([
          { domain: 'realcustomer.test', status: 'REGISTERED' as const },
          { domain: 'staff.castellan.test', status: 'REGISTERED' as const },
        ])
        .onConflictDoNothing()
        .returning({ id: organizations.id, domain: organizations.domain });
      const [customer, staff] = made;
      if (customer && staff) {
        await db()
          .insert(users)
          .values([
            {
              organizationId: customer.id,
              email: REAL_CUSTOMER,
              firstName: 'Pat',
              lastName: 'Real',
            },
            {
              organizationId: staff.id,
              email: 'lee.staff@staff.castellan.test',
              firstName: 'Lee',
              lastName: 'Staff',
              role: 'admin',
              isStaff: true,
            },
          ]);
      }
    };
    /** A real staff member cannot use test login: their session is opened directly. */
    const realStaffSession = async () => {
      const id = await idOf('lee.staff@staff.castellan.test');
      const { token } = await createSession(db(), {
        userId: id,
        organizationId: await organizationIdOf('staff.castellan.test'),
        expiresAt: new Date(Date.now() + HOUR),
        client: { ip: '127.0.0.1', userAgent: BROWSER },
      });
      return `${SESSION_COOKIE}=${token}`;
    };

    it('the demo staff member neither finds nor acts as a real customer', async () => {
      await realOrganizations();
      const sam = await server().signIn(SAM);
      expect(emails(await search(sam, 'realcustomer'))).toEqual([]);
      expect(emails(await search(sam, 'pat'))).toEqual([]);
      expect(emails(await search(sam))).not.toContain(REAL_CUSTOMER);
      expect(expectError(await start(sam, await idOf(REAL_CUSTOMER)), 404)).toBe(
        'There is no user with that id.',
      );
      expect(await auditOf('impersonation.started', REAL_CUSTOMER)).toEqual([]);
      expect((await userData(sam)).json()).toMatchObject({ email: SAM, impersonatedBy: null });
    });

    it('a real staff member still finds and acts as real customers', async () => {
      await realOrganizations();
      const lee = await realStaffSession();
      expect(emails(await search(lee, 'realcustomer'))).toEqual([REAL_CUSTOMER]);
      const res = await start(lee, await idOf(REAL_CUSTOMER));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ email: REAL_CUSTOMER });
    });
  });

  describe('POST /api/auth/logout while impersonating', () => {
    it('answers 204 with a new session of the staff member and ends the impersonation', async () => {
      const ben = await actAs(BEN);
      const res = await logout(ben);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      const sam = cookieHeader(res);
      expect(sam).not.toBe(ben);

      expect((await userData(sam)).json()).toMatchObject({ email: SAM, impersonatedBy: null });
      expectError(await userData(ben), 401);
      expect((await search(sam, 'ben')).statusCode).toBe(200);
    });

    it('records the end of the impersonation', async () => {
      const chloe = 'chloe.davies@brightwave.example';
      const before = Date.now();
      await logout(await actAs(chloe));
      const rows = await auditOf('impersonation.ended', chloe);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        organizationId: await organizationIdOf('brightwave.example'),
        actorUserId: await idOf(SAM),
        actorEmail: SAM,
        subjectUserId: await idOf(chloe),
        subjectEmail: chloe,
        details: { ip: '127.0.0.1', userAgent: BROWSER },
      });
      expect(rows[0]?.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    });

    it('an ordinary logout still answers 200 JSON', async () => {
      const res = await logout(await server().signIn(BEN));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ loggedOut: true });
    });

    it('only ends the session when the staff member has lost staff rights', async () => {
      const email = `robin.staff@${PRODUCT_DOMAIN}`;
      const robin = await addUser(email, { isStaff: true });
      const signedIn = await server().signIn(email);
      const started = await start(signedIn, await idOf(ALICE));
      expect(started.statusCode).toBe(200);
      const alice = cookieHeader(started);

      await db().update(users).set({ isStaff: false }).where(eq(users.id, robin));
      const res = await logout(alice);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ loggedOut: true });
      expect(sessionCookie(res)?.value).toBe('');
      expectError(await userData(alice), 401);
      expect(await auditOf('impersonation.ended', ALICE)).toHaveLength(1);
    });

    it('the impersonation ends with the staff member when they are deleted', async () => {
      const email = `kim.staff@${PRODUCT_DOMAIN}`;
      const kim = await addUser(email, { isStaff: true });
      const started = await start(await server().signIn(email), await idOf(ALICE));
      const alice = cookieHeader(started);
      await db().delete(users).where(eq(users.id, kim));
      expectError(await userData(alice), 401);
      const res = await logout(alice);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ loggedOut: true });
    });
  });

  describe('how long it lasts', () => {
    it('ends within the hour, however active', async () => {
      const before = Date.now();
      const started = await start(await server().signIn(SAM), await idOf(BEN));
      const ben = cookieHeader(started);
      const cookie = sessionCookie(started);
      expect(cookie?.maxAge).toBeLessThanOrEqual(3600);
      expect(cookie?.maxAge).toBeGreaterThan(3500);
      const { expiresAt } = await sessionRow(ben);
      expect(expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + HOUR);
      expect(expiresAt.getTime()).toBeGreaterThanOrEqual(before + HOUR - 1000);

      await changeSession(ben, { expiresAt: new Date(Date.now() - 1000) });
      expectError(await userData(ben), 401);
    });

    it("never outlasts the staff member's own session", async () => {
      const sam = await server().signIn(SAM);
      const samEnds = new Date(Date.now() + 10 * 60_000);
      await changeSession(sam, { expiresAt: samEnds });
      const ben = cookieHeader(await start(sam, await idOf(BEN)));
      expect((await sessionRow(ben)).expiresAt.getTime()).toBe(samEnds.getTime());
    });

    it("the return keeps the end the staff member's session had, not a new lifetime", async () => {
      const sam = await server().signIn(SAM);
      const samEnds = new Date(Date.now() + 3 * HOUR);
      await changeSession(sam, { expiresAt: samEnds });
      const ben = cookieHeader(await start(sam, await idOf(BEN)));

      const res = await logout(ben);
      expect(res.statusCode).toBe(204);
      const back = cookieHeader(res);
      const row = await sessionRow(back);
      expect(row.expiresAt.getTime()).toBe(samEnds.getTime());
      expect(row.impersonatorUserId).toBeNull();
      expect(sessionCookie(res)?.maxAge).toBeLessThanOrEqual(3 * 3600);
      expect((await userData(back)).json()).toMatchObject({ email: SAM, impersonatedBy: null });
    });

    it("when the staff member's own session has ended meanwhile, logout just ends", async () => {
      const ben = await actAs(BEN);
      await changeSession(ben, { impersonatorExpiresAt: new Date(Date.now() - 1000) });
      const res = await logout(ben);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ loggedOut: true });
      expect(sessionCookie(res)?.value).toBe('');
      expectError(await userData(ben), 401);
    });
  });

  describe('the audit log while impersonating', () => {
    const auditRows = (action: string, subjectEmail: string) =>
      auditOf(action, subjectEmail).then((rows) =>
        rows.map((r) => ({ actor: r.actorEmail, actorId: r.actorUserId, details: r.details })),
      );

    it('attributes what is done as the user to the staff member, naming the user', async () => {
      const alice = await actAs(ALICE);
      const newcomer = 'fresh.face@brightwave.example';
      const invited = await server().inject({
        method: 'POST',
        url: '/api/users',
        payload: { email: newcomer },
        headers: { cookie: alice },
      });
      expect(invited.statusCode, invited.body).toBe(201);
      const id = invited.json().id as string;
      const changed = await server().inject({
        method: 'PATCH',
        url: `/api/users/${id}`,
        payload: { role: 'admin' },
        headers: { cookie: alice },
      });
      expect(changed.statusCode, changed.body).toBe(200);

      const impersonatedUser = { id: await idOf(ALICE), email: ALICE };
      const sam = await idOf(SAM);
      expect(await auditRows('member.invited', newcomer)).toEqual([
        { actor: SAM, actorId: sam, details: { role: 'user', impersonatedUser } },
      ]);
      expect(await auditRows('member.role_changed', newcomer)).toEqual([
        { actor: SAM, actorId: sam, details: { from: 'user', to: 'admin', impersonatedUser } },
      ]);

      await logout(alice);
      expect(await auditRows('impersonation.ended', ALICE)).toContainEqual({
        actor: SAM,
        actorId: sam,
        details: expect.objectContaining({ impersonatedUser }),
      });
    });

    it('audits every change made as the user, wherever it is made, as the staff member’s', async () => {
      const own = await server().signIn(ALICE);
      const alice = await actAs(ALICE);
      const as = (method: 'POST' | 'PATCH' | 'DELETE' | 'GET', url: string, payload?: object) =>
        server().inject({
          method,
          url,
          headers: { cookie: alice },
          ...(payload ? { payload } : {}),
        });

      const tasks = (await as('GET', '/api/actions')).json().tasks as { id: string }[];
      const taskId = tasks[0]?.id ?? '';
      expect((await as('POST', '/api/mark-action-complete', { taskId })).statusCode).toBe(200);
      const renamed = await as('PATCH', '/api/auth/profile', { firstName: 'Al', lastName: 'M' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      const sessionsOfAlice = (await as('GET', '/api/auth/sessions')).json().sessions as {
        id: string;
        current: boolean;
      }[];
      const other = sessionsOfAlice.find((session) => !session.current);
      expect(other).toBeDefined();
      const ended = await as('DELETE', `/api/auth/sessions/${other?.id}`);
      expect(ended.statusCode, ended.body).toBeLessThan(300);
      expectError(await userData(own), 401);
      const portal = await as('GET', '/api/customer-portal?return_url=%2Fsettings');
      expect(portal.statusCode).toBe(303);

      const impersonatedUser = { id: await idOf(ALICE), email: ALICE };
      const sam = await idOf(SAM);
      const done = (method: string, route: string, status: number, params: object = {}) => ({
        actor: SAM,
        actorId: sam,
        details: { method, route, status, params, impersonatedUser },
      });
      // The earlier tests' member changes and logouts were made as Alice too.
      const requests = (await auditRows('impersonation.request', ALICE)).filter(
        (row) => !/^\/api\/(users|auth\/logout)/.test(String(row.details?.route)),
      );
      expect(requests).toHaveLength(4);
      expect(requests).toEqual(
        expect.arrayContaining([
          done('POST', '/api/mark-action-complete', 200),
          done('PATCH', '/api/auth/profile', 200),
          done('DELETE', '/api/auth/sessions/:id', ended.statusCode, { id: other?.id }),
          done('GET', '/api/customer-portal', 303),
        ]),
      );
    });
  });
});
