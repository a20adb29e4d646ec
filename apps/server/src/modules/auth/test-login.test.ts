import { describe, expect, it } from 'vitest';
import { ALICE, databaseKinds, expectError, NOAH, SAM, useTestApp } from '../../../test/test-app';
import { organizations, users } from '../../db/schema';

/** A user of a real (not demo) organisation, as one signed in with Google would be. */
const REAL_USER = 'pat.real@realcustomer.test';

const testUsers = { method: 'GET', url: '/api/auth/test-users' } as const;
const testLogin = (email: string) =>
  ({ method: 'POST', url: '/api/auth/test-login', payload: { email } }) as const;

describe.each(databaseKinds())('test login on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const production = useTestApp(kind, { databaseOf: server, env: { NODE_ENV: 'production' } });
  const publicDevServer = useTestApp(kind, {
    databaseOf: server,
    env: { NODE_ENV: 'development', HOST: '0.0.0.0' },
  });
  const explicitlyOn = useTestApp(kind, {
    databaseOf: server,
    env: { NODE_ENV: 'development', HOST: '0.0.0.0', TEST_LOGIN: '1' },
  });
  const addRealCustomer = async () => {
    const { db } = server().database;
    const [org] = await db
      .insert(organizations)
      .values({ domain: 'realcustomer.test', status: 'REGISTERED' })
      .onConflictDoNothing()
      .returning({ id: organizations.id });
    if (org) {
      await db
        .insert(users)
        .values({ organizationId: org.id, email: REAL_USER, firstName: 'Pat', lastName: 'Real' });
    }
  };

  it('lists the demo users with the documented fields, staff first', async () => {
    const res = await server().inject(testUsers);
    expect(res.statusCode).toBe(200);
    const { users } = res.json() as { users: Record<string, unknown>[] };
    expect(users.length).toBeGreaterThanOrEqual(12);
    for (const user of users) {
      expect(Object.keys(user).sort()).toEqual(
        [
          'companyDomain',
          'email',
          'firstName',
          'lastName',
          'organizationStatus',
          'role',
          'staff',
        ].sort(),
      );
    }
    expect(users[0]).toMatchObject({ email: SAM, staff: true });
    expect(users).toContainEqual({
      email: ALICE,
      firstName: 'Alice',
      lastName: 'Morgan',
      role: 'admin',
      organizationStatus: 'REGISTERED',
      companyDomain: 'brightwave.example',
      staff: false,
    });
    expect(users).toContainEqual(
      expect.objectContaining({ email: NOAH, role: 'admin', organizationStatus: 'PENDING' }),
    );
  });

  it('signs in whatever the case of the address', async () => {
    const res = await server().inject(testLogin('  Alice.Morgan@BrightWave.example '));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: ALICE });
  });

  it('answers 404 JSON for an unknown address and sets no cookie', async () => {
    const res = await server().inject(testLogin('nobody@brightwave.example'));
    expectError(res, 404);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers 400 naming the field for an address that is not one', async () => {
    expect(expectError(await server().inject(testLogin('not-an-address')), 400)).toMatch(
      /body\.email/,
    );
  });

  it('is rate limited per client address and account', async () => {
    const remoteAddress = '192.0.2.77';
    for (let i = 0; i < 30; i += 1) {
      const res = await server().inject({ ...testLogin('nobody@x.example'), remoteAddress });
      expect(res.statusCode).toBe(404);
    }
    expectError(await server().inject({ ...testLogin('nobody@x.example'), remoteAddress }), 429);
    const otherAccount = await server().inject({ ...testLogin(ALICE), remoteAddress });
    expect(otherAccount.statusCode).toBe(200);
    const other = await server().inject({ ...testLogin(ALICE), remoteAddress: '192.0.2.78' });
    expect(other.statusCode).toBe(200);
  });

  it('is off in production by default: both routes answer 404', async () => {
    expectError(await production().inject(testUsers), 404);
    expectError(await production().inject(testLogin(ALICE)), 404);
  });

  it('is off on a development server that listens beyond this machine', async () => {
    expectError(await publicDevServer().inject(testUsers), 404);
    expectError(await publicDevServer().inject(testLogin(ALICE)), 404);
  });

  it('is on there when TEST_LOGIN=1 asks for it', async () => {
    expect((await explicitlyOn().inject(testUsers)).statusCode).toBe(200);
    expect((await explicitlyOn().inject(testLogin(ALICE))).statusCode).toBe(200);
  });

  it('lists only users of demo organisations', async () => {
    await addRealCustomer();
    const { users: listed } = (await server().inject(testUsers)).json() as {
      users: { email: string; companyDomain: string }[];
    };
    expect(listed.map((u) => u.email)).not.toContain(REAL_USER);
    expect(new Set(listed.map((u) => u.companyDomain))).toEqual(
      new Set([
        'brightwave.example',
        'northfield.example',
        'castellan.example',
        'sandbox.castellan.example',
        'tidewater.example',
      ]),
    );
  });

  it("refuses a real organisation's user with the answer an unknown address gets", async () => {
    await addRealCustomer();
    const real = await server().inject(testLogin(REAL_USER));
    const unknown = await server().inject(testLogin('nobody@realcustomer.test'));
    expect(expectError(real, 404)).toBe(expectError(unknown, 404));
    expect(real.headers['set-cookie']).toBeUndefined();
  });
});
