import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ALICE, BEN, databaseKinds, expectError, NOAH, useTestApp } from '../test/test-app';
import { users } from './db/schema';

type Access = 'public' | 'user' | 'admin' | 'staff';
type Call = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: object;
  access: Access;
};

const ID = '{id}';
/** Every endpoint with who may call it; a documented endpoint missing here fails the last test. */
const calls: Call[] = [
  { method: 'GET', path: '/api/health', access: 'public' },
  { method: 'GET', path: '/api/app-config', access: 'public' },
  { method: 'GET', path: '/api/docs', access: 'public' },
  { method: 'GET', path: '/api/auth/providers', access: 'public' },
  { method: 'GET', path: '/api/auth/{provider}/login', access: 'public' },
  { method: 'GET', path: '/api/auth/test-users', access: 'public' },
  { method: 'POST', path: '/api/auth/test-login', access: 'public' },
  { method: 'POST', path: '/api/auth/logout', access: 'public' },
  { method: 'POST', path: '/api/analytics/events', access: 'public' },
  { method: 'POST', path: '/api/client-errors', access: 'public' },
  { method: 'GET', path: '/api/auth/user-data', access: 'user' },
  { method: 'GET', path: '/api/organization', access: 'user' },
  {
    method: 'PATCH',
    path: '/api/auth/profile',
    body: { firstName: 'A', lastName: 'B' },
    access: 'user',
  },
  { method: 'POST', path: '/api/auth/delete-account', access: 'user' },
  { method: 'DELETE', path: '/api/organization', access: 'admin' },
  { method: 'GET', path: '/api/tours', access: 'admin' },
  { method: 'POST', path: '/api/tours/main', access: 'admin' },
  {
    method: 'PUT',
    path: '/api/tours/main',
    body: { currentStepId: 0, status: 'started' },
    access: 'admin',
  },
  { method: 'GET', path: '/api/actions', access: 'user' },
  {
    method: 'POST',
    path: '/api/mark-action-complete',
    body: { taskId: 'enable-mfa:{id}' },
    access: 'user',
  },
  { method: 'GET', path: '/api/get-score', access: 'user' },
  { method: 'GET', path: '/api/list-employees', access: 'admin' },
  { method: 'GET', path: '/api/users', access: 'admin' },
  { method: 'POST', path: '/api/risk-analysis/public', body: { domain: '' }, access: 'public' },
  { method: 'GET', path: '/api/risk-analysis/public/{domain}', access: 'public' },
  { method: 'GET', path: '/api/risk-analysis', access: 'user' },
  { method: 'POST', path: '/api/risk-analysis', access: 'admin' },
  { method: 'POST', path: '/api/registration/complete', access: 'admin' },
  {
    method: 'POST',
    path: '/api/users',
    body: { email: 'new.person@brightwave.example' },
    access: 'admin',
  },
  { method: 'PATCH', path: `/api/users/${ID}`, body: { role: 'user' }, access: 'admin' },
  { method: 'DELETE', path: `/api/users/${ID}`, access: 'admin' },
  { method: 'GET', path: '/api/impersonation/users', access: 'staff' },
  {
    method: 'POST',
    path: '/api/impersonation',
    body: { userId: '00000000-0000-4000-8000-000000000001' },
    access: 'staff',
  },
];

describe.each(databaseKinds())('access control and tenant isolation on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const idOf = async (email: string) => {
    const [row] = await server()
      .database.db.select({ id: users.id })
      .from(users)
      .where(eq(users.email, email));
    if (!row) throw new Error(`no user ${email}`);
    return row.id;
  };
  const send = async (call: Call, cookie?: string, id?: string) => {
    const named = id ?? (await idOf(BEN));
    return server().inject({
      method: call.method,
      url: call.path.replace(ID, named),
      headers: cookie ? { cookie } : {},
      ...(call.body ? { payload: JSON.parse(JSON.stringify(call.body).replace(ID, named)) } : {}),
    });
  };

  it('answers 401 to anonymous callers of every endpoint that needs a session', async () => {
    for (const call of calls.filter((c) => c.access !== 'public')) {
      expect(expectError(await send(call), 401), `${call.method} ${call.path}`).toBeTruthy();
    }
  });

  it('answers 403 to members calling administrators’ and staff endpoints', async () => {
    const cookie = await server().signIn(BEN);
    for (const call of calls.filter((c) => c.access === 'admin' || c.access === 'staff')) {
      expectError(await send(call, cookie, await idOf(ALICE)), 403);
    }
  });

  it('answers 403 to administrators calling staff endpoints', async () => {
    const cookie = await server().signIn(ALICE);
    for (const call of calls.filter((c) => c.access === 'staff'))
      expectError(await send(call, cookie), 403);
  });

  it('answers 404 when an administrator names a user of another organisation', async () => {
    const cookie = await server().signIn(ALICE);
    const noah = await idOf(NOAH);
    for (const call of calls.filter((c) => JSON.stringify(c).includes(ID))) {
      expectError(await send(call, cookie, noah), 404);
    }
    // Noah is untouched and still an admin of his own organisation.
    const own = await server().inject({
      url: '/api/users',
      headers: { cookie: await server().signIn(NOAH) },
    });
    expect(own.json().members).toEqual([expect.objectContaining({ email: NOAH, role: 'admin' })]);
  });

  it('shows each organisation only its own people and organisation', async () => {
    const alice = await server().signIn(ALICE);
    const members = (
      await server().inject({ url: '/api/users', headers: { cookie: alice } })
    ).json().members;
    expect(members.length).toBeGreaterThanOrEqual(10);
    expect(members.every((m: { email: string }) => m.email.endsWith('@brightwave.example'))).toBe(
      true,
    );
    const noahOrg = await server().inject({
      url: '/api/organization',
      headers: { cookie: await server().signIn(NOAH) },
    });
    expect(noahOrg.json().domain).toBe('northfield.example');
  });

  it('classifies every documented endpoint', async () => {
    const doc = (await server().inject({ url: '/api/docs' })).json() as {
      paths: Record<string, object>;
    };
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const listed = calls.map((c) => `${c.method} ${c.path}`);
    expect(listed).toEqual(expect.arrayContaining(documented.filter((d) => d !== 'GET /api/docs')));
  });
});
