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

const isoDate = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(databaseKinds())('GET /api/organization on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const get = async (email: string) =>
    server().inject({
      url: '/api/organization',
      headers: { cookie: await server().signIn(email) },
    });

  it("answers the signed-in user's organisation", async () => {
    const res = await get(ALICE);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      id: expect.stringMatching(uuid),
      domain: 'brightwave.example',
      status: 'REGISTERED',
      metrics: { stopped_attacks: { failed_logins: 37, blocked_spam: 412 } },
      // Demo data holds only the stored sample report, which is no analysis of this domain.
      risk_analysis: null,
      riskAnalysis: null,
      createdAt: expect.stringMatching(isoDate),
      updatedAt: expect.stringMatching(isoDate),
    });
    expect(Math.abs(Date.parse(body.createdAt) - Date.now())).toBeLessThan(60 * 60_000);
  });

  it('answers each user their own organisation', async () => {
    const [alice, noah] = [(await get(ALICE)).json(), (await get(NOAH)).json()];
    expect(noah).toMatchObject({
      domain: 'northfield.example',
      status: 'PENDING',
      metrics: { stopped_attacks: { failed_logins: 0, blocked_spam: 0 } },
    });
    expect(noah.id).not.toBe(alice.id);
  });

  it('answers 401 when nobody is signed in', async () => {
    expectError(await server().inject({ url: '/api/organization' }), 401);
  });
});

const DANA = 'dana.whitfield@sandbox.castellan.example'; // admin of a sandbox on the product domain

describe.each(databaseKinds())('DELETE /api/organization on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const del = async (cookie: string) =>
    server().inject({
      method: 'DELETE',
      url: '/api/organization',
      headers: { cookie },
      remoteAddress: '198.51.100.9',
    });

  it('refuses members and customers’ organisations', async () => {
    expectError(await del(await server().signIn(BEN)), 403);
    const res = await del(await server().signIn(ALICE));
    expectError(res, 403);
    expect(res.json().error).toBe(
      'Only organisations on castellan.example can be deleted from the app.',
    );
    expect((await get(server, ALICE)).statusCode).toBe(200);
    expect(await auditRows(server, 'organization.deleted')).toEqual([]);
  });

  it('deletes an organisation on the product domain with its users and ends the session', async () => {
    const cookie = await server().signIn(DANA);
    const res = await del(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: true });
    expectError(await server().inject({ url: '/api/auth/user-data', headers: { cookie } }), 401);
    const users = await server().inject({ url: '/api/auth/test-users' });
    expect(users.json().users.map((u: { email: string }) => u.email)).not.toContain(DANA);
    expect(await auditRows(server, 'organization.deleted')).toEqual([
      {
        organizationId: expect.any(String),
        actorEmail: DANA,
        actorUserId: expect.any(String),
        subjectEmail: null,
        details: { clientAddress: '198.51.100.9', domain: 'sandbox.castellan.example' },
      },
    ]);
  });

  it('answers 401 when nobody is signed in', async () => {
    expectError(await server().inject({ method: 'DELETE', url: '/api/organization' }), 401);
  });
});

async function get(server: () => TestApp, email: string) {
  return server().inject({
    url: '/api/organization',
    headers: { cookie: await server().signIn(email) },
  });
}

describe.each(databaseKinds())('POST /api/registration/complete on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const complete = async (cookie: string) =>
    server().inject({ method: 'POST', url: '/api/registration/complete', headers: { cookie } });

  it('completes the registration of a pending organisation once', async () => {
    const noah = await server().signIn(NOAH);
    const done = await server().inject({
      method: 'POST',
      url: '/api/registration/complete',
      headers: { cookie: noah },
      remoteAddress: '198.51.100.4',
    });
    expect(done.json()).toEqual({ status: 'REGISTERED' });
    expect(await auditRows(server, 'organization.registered')).toEqual([
      {
        organizationId: expect.any(String),
        actorEmail: NOAH,
        actorUserId: expect.any(String),
        subjectEmail: null,
        details: { clientAddress: '198.51.100.4', domain: 'northfield.example' },
      },
    ]);
    expect(
      (await server().inject({ url: '/api/auth/user-data', headers: { cookie: noah } })).json()
        .organizationStatus,
    ).toBe('REGISTERED');
    expectError(await complete(noah), 409);
    expectError(await complete(await server().signIn(BEN)), 403);
    // Only the registration itself is recorded, not the refused attempts.
    expect(await auditRows(server, 'organization.registered')).toHaveLength(1);
  });
});
