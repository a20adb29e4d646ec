import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getJson } from '../google/get-json';
import { type FakeMicrosoft, startFakeMicrosoft } from './fake-microsoft';

const ADMIN = 'ada.admin@contoso.test';
let microsoft: FakeMicrosoft;
let token: string;
beforeAll(async () => {
  microsoft = await startFakeMicrosoft({
    tenant: { domain: 'contoso.test', userCount: 300, users: [{ email: ADMIN, isAdmin: true }] },
  });
});
afterAll(() => microsoft.close());
beforeEach(() => {
  microsoft.reset();
  token = microsoft.issueGrant({ email: ADMIN }).accessToken;
});

const get = (path: string, t = token) => getJson(microsoft.url, path, t);

describe('fake Graph', () => {
  it('pages with an absolute @odata.nextLink carrying an opaque $skiptoken', async () => {
    const first = await get('/v1.0/users?$select=id,mail&$top=200');
    expect(first.body['@odata.context']).toMatch(
      /^https:\/\/graph\.microsoft\.com\/v1\.0\/\$metadata#users/,
    );
    expect(first.body.value).toHaveLength(200);
    expect(Object.keys(first.body.value[0])).toEqual(['id', 'mail']);
    const next = new URL(first.body['@odata.nextLink']);
    expect(next.origin).toBe(microsoft.url);
    expect(next.searchParams.get('$skiptoken')).toEqual(expect.any(String));
    const second = await get(`${next.pathname}${next.search}`);
    expect(second.body.value).toHaveLength(101);
    expect(second.body['@odata.nextLink']).toBeUndefined();
    const tampered = await get('/v1.0/users?$select=id&$top=200&$skiptoken=MjAwOnh4');
    expect(tampered.status).toBe(400);
  });

  it('keeps $top within Graph’s limits: 100 by default, 999 at most, 120 with signInActivity', async () => {
    expect((await get('/v1.0/users')).body.value).toHaveLength(100);
    expect((await get('/v1.0/users?$top=1000')).status).toBe(400);
    const activity = await get('/v1.0/users?$select=id,signInActivity&$top=999');
    expect(activity.body.value).toHaveLength(120);
    expect((await get('/v1.0/users?$select=nope')).body.error.code).toBe('Request_BadRequest');
  });

  it('filters sign-ins on status and time, newest first', async () => {
    microsoft.reset({
      domain: 'contoso.test',
      users: [{ email: ADMIN, isAdmin: true, lastSignIn: new Date(Date.now() - 86_400_000) }],
      signInFailures: [
        { email: ADMIN, time: new Date(Date.now() - 2 * 86_400_000) },
        { email: ADMIN, time: new Date(Date.now() - 40 * 86_400_000) },
      ],
    });
    token = microsoft.issueGrant({ email: ADMIN }).accessToken;
    const since = new Date(Date.now() - 30 * 86_400_000).toISOString();
    const all = await get('/v1.0/auditLogs/signIns');
    expect(
      all.body.value.map((s: { status: { errorCode: number } }) => s.status.errorCode),
    ).toEqual([0, 50126, 50126]);
    const failed = await get(
      `/v1.0/auditLogs/signIns?$filter=status/errorCode ne 0 and createdDateTime ge ${since}`,
    );
    expect(failed.body.value).toHaveLength(1);
    expect((await get('/v1.0/auditLogs/signIns?$filter=foo eq 1')).status).toBe(400);
  });

  it('answers the Global Administrator members by alternate key and by role id', async () => {
    const byKey = await get(
      "/v1.0/directoryRoles(roleTemplateId='62e90394-69f5-4237-9190-012177145e10')/members",
    );
    expect(byKey.body.value.map((m: { userPrincipalName: string }) => m.userPrincipalName)).toEqual(
      [ADMIN],
    );
    const roles = await get('/v1.0/directoryRoles');
    const ga = roles.body.value.find(
      (r: { displayName: string }) => r.displayName === 'Global Administrator',
    );
    expect((await get(`/v1.0/directoryRoles/${ga.id}/members`)).body.value).toEqual(
      byKey.body.value,
    );
  });

  it('switch: no P1 gives 403 Authentication_RequestFromNonPremiumTenantOrB2CTenant on P1 reads only', async () => {
    microsoft.setPremium(false);
    for (const path of [
      '/v1.0/reports/authenticationMethods/userRegistrationDetails',
      '/v1.0/users?$select=id,signInActivity',
      '/v1.0/auditLogs/signIns',
      '/v1.0/identity/conditionalAccess/policies',
    ]) {
      const answer = await get(path);
      expect(answer.status).toBe(403);
      expect(answer.body.error).toMatchObject({
        code: 'Authentication_RequestFromNonPremiumTenantOrB2CTenant',
        message: "Neither tenant is B2C or tenant doesn't have premium license",
        innerError: {
          date: expect.any(String),
          'request-id': expect.any(String),
          'client-request-id': expect.any(String),
        },
      });
    }
    expect((await get('/v1.0/users')).status).toBe(200);
  });

  it('switch: expired tokens give 401 InvalidAuthenticationToken with WWW-Authenticate', async () => {
    microsoft.expireTokens();
    const answer = await get('/v1.0/organization');
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe('InvalidAuthenticationToken');
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer realm=""/);
  });

  it('switch: a revoked scope gives 403 Authorization_RequestDenied where it is needed', async () => {
    microsoft.revokeScope('AuditLog.Read.All');
    const answer = await get('/v1.0/auditLogs/signIns');
    expect(answer.status).toBe(403);
    expect(answer.body.error).toMatchObject({
      code: 'Authorization_RequestDenied',
      message: 'Insufficient privileges to complete the operation.',
    });
    expect((await get('/v1.0/users')).status).toBe(200);
  });

  it('fails the next requests of a path with Retry-After, then answers again', async () => {
    microsoft.failNext('/v1.0/organization', 429, { times: 2, retryAfterSeconds: 7 });
    const first = await get('/v1.0/organization');
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('7');
    expect((await get('/v1.0/organization')).status).toBe(429);
    expect((await get('/v1.0/organization')).status).toBe(200);
  });
});
