import { describe, expect, it } from 'vitest';
import { ALICE, databaseKinds, expectError, NOAH, SAM, useTestApp } from '../../../test/test-app';

const testUsers = { method: 'GET', url: '/api/auth/test-users' } as const;
const testLogin = (email: string) =>
  ({ method: 'POST', url: '/api/auth/test-login', payload: { email } }) as const;

describe.each(databaseKinds())('test login on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const production = useTestApp(kind, { databaseOf: server, env: { NODE_ENV: 'production' } });
  const productionWithTestLogin = useTestApp(kind, {
    databaseOf: server,
    env: { NODE_ENV: 'production', TEST_LOGIN: '1' },
  });

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

  it('is rate limited per client address', async () => {
    const remoteAddress = '192.0.2.77';
    for (let i = 0; i < 30; i += 1) {
      const res = await server().inject({ ...testLogin('nobody@x.example'), remoteAddress });
      expect(res.statusCode).toBe(404);
    }
    expectError(await server().inject({ ...testLogin('nobody@x.example'), remoteAddress }), 429);
    const other = await server().inject({ ...testLogin(ALICE), remoteAddress: '192.0.2.78' });
    expect(other.statusCode).toBe(200);
  });

  it('is off in production by default: both routes answer 404', async () => {
    expectError(await production().inject(testUsers), 404);
    expectError(await production().inject(testLogin(ALICE)), 404);
  });

  it('works in production with TEST_LOGIN=1', async () => {
    expect((await productionWithTestLogin().inject(testUsers)).statusCode).toBe(200);
    expect((await productionWithTestLogin().inject(testLogin(ALICE))).statusCode).toBe(200);
  });
});
