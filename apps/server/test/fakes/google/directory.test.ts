import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGoogle, startFakeGoogle } from './fake-google';
import { getJson } from './get-json';

const AUTH = 'https://www.googleapis.com/auth/';
const ADMIN = 'root.admin@acme.test';

let google: FakeGoogle;
let token: string;
beforeAll(async () => {
  google = await startFakeGoogle({
    workspace: {
      domain: 'acme.test',
      seed: 3,
      userCount: 230,
      users: [
        { email: ADMIN, isAdmin: true },
        { email: 'gone@acme.test', deleted: true },
        { email: 'never@acme.test', lastLogin: null },
        { email: 'plain.member@acme.test', orgUnitPath: '/Sales/EMEA' },
      ],
    },
  });
  token = google.issueGrant({ email: ADMIN }).accessToken;
});
afterAll(() => google.close());

const users = (query: string, accessToken = token) =>
  getJson(google.url, `/admin/directory/v1/users?${query}`, accessToken);

describe('fake Google: Directory users.list', () => {
  it('pages through every live user, 100 by default, the last page without nextPageToken', async () => {
    const seen: string[] = [];
    let pageToken = '';
    const sizes: number[] = [];
    for (;;) {
      const { status, body } = await users(
        `customer=my_customer${pageToken ? `&pageToken=${pageToken}` : ''}`,
      );
      expect(status).toBe(200);
      expect(body.kind).toBe('admin#directory#users');
      sizes.push(body.users.length);
      seen.push(...body.users.map((u: { primaryEmail: string }) => u.primaryEmail));
      if (!body.nextPageToken) break;
      pageToken = body.nextPageToken;
    }
    const world = google.world();
    expect(sizes).toEqual([100, 100, world.users.length - 200]);
    expect(seen).toEqual(world.users.map((u) => u.primaryEmail));
    expect(seen).not.toContain('gone@acme.test');
  });

  it('answers users in Google’s shape, with the epoch for a user who never signed in', async () => {
    const { body } = await users('domain=acme.test&query=email:never*');
    expect(body.users).toHaveLength(1);
    expect(body.users[0]).toMatchObject({
      kind: 'admin#directory#user',
      id: expect.stringMatching(/^\d{21}$/),
      primaryEmail: 'never@acme.test',
      name: { givenName: 'Never', familyName: '', fullName: 'Never' },
      lastLoginTime: '1970-01-01T00:00:00.000Z',
      agreedToTerms: false,
      customerId: google.world().customerId,
    });
  });

  it('keeps maxResults up to 500 and refuses more with 400', async () => {
    const ok = await users('customer=my_customer&maxResults=500');
    expect(ok.body.users).toHaveLength(google.world().users.length);
    expect(ok.body).not.toHaveProperty('nextPageToken');
    const tooMany = await users('customer=my_customer&maxResults=501');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.errors[0]).toMatchObject({
      reason: 'invalid',
      location: 'maxResults',
    });
  });

  it('needs customer or domain', async () => {
    const { status, body } = await users('maxResults=10');
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 400, message: 'Bad Request' });
  });

  it('filters isAdmin=true / isSuspended=false, space meaning AND', async () => {
    const admins = await users('customer=my_customer&maxResults=500&query=isAdmin%3Dtrue');
    const expected = google
      .world()
      .users.filter((u) => u.isAdmin)
      .map((u) => u.primaryEmail);
    expect(admins.body.users.map((u: { primaryEmail: string }) => u.primaryEmail)).toEqual(
      expected,
    );
    const both = await users(
      'customer=my_customer&maxResults=500&query=isAdmin%3Dtrue%20isSuspended%3Dfalse',
    );
    expect(
      both.body.users.every(
        (u: { isAdmin: boolean; suspended: boolean }) => u.isAdmin && !u.suspended,
      ),
    ).toBe(true);
    expect((await users('customer=my_customer&query=isEnrolledIn2Sv%3Dtrue')).status).toBe(400);
  });

  it('answers only the selected fields', async () => {
    const { body } = await users(
      'customer=my_customer&maxResults=2&fields=nextPageToken,users(primaryEmail,name(givenName,familyName))',
    );
    expect(Object.keys(body).sort()).toEqual(['nextPageToken', 'users']);
    expect(Object.keys(body.users[0]).sort()).toEqual(['name', 'primaryEmail']);
    expect(Object.keys(body.users[0].name).sort()).toEqual(['familyName', 'givenName']);
  });

  it('indents its JSON unless prettyPrint=false', async () => {
    const text = async (query: string) =>
      (
        await fetch(
          new URL(`/admin/directory/v1/users?customer=my_customer&${query}`, google.url),
          {
            headers: { authorization: `Bearer ${token}` },
          },
        )
      ).text();
    expect(await text('maxResults=1')).toMatch(/^\{\n {2}"kind"/);
    expect(await text('maxResults=1&prettyPrint=false')).toMatch(/^\{"kind"/);
  });

  it('refuses a field users do not have with 400', async () => {
    const { status, body } = await users('customer=my_customer&fields=users(isEnroledIn2Sv)');
    expect(status).toBe(400);
    expect(body.error.message).toContain('users/isEnroledIn2Sv');
  });

  it('lists only deleted users with showDeleted=true', async () => {
    const { body } = await users('customer=my_customer&showDeleted=true');
    expect(body.users.map((u: { primaryEmail: string }) => u.primaryEmail)).toEqual([
      'gone@acme.test',
    ]);
  });

  it('refuses a page token of another query', async () => {
    const first = await users('customer=my_customer&maxResults=10');
    const replay = await users(
      `customer=my_customer&query=isAdmin%3Dtrue&pageToken=${first.body.nextPageToken}`,
    );
    expect(replay.status).toBe(400);
  });

  it('answers 401 authError without a valid token', async () => {
    for (const t of ['', 'ya29.not-a-token']) {
      const { status, body } = await users('customer=my_customer', t);
      expect(status).toBe(401);
      expect(body.error.status).toBe('UNAUTHENTICATED');
      expect(body.error.errors[0].reason).toBe('authError');
    }
  });

  it('answers 403 insufficientPermissions with WWW-Authenticate when the scope was not granted', async () => {
    const narrow = google.issueGrant({
      email: ADMIN,
      scopes: [`${AUTH}admin.reports.audit.readonly`],
    });
    const { status, body, headers } = await users('customer=my_customer', narrow.accessToken);
    expect(status).toBe(403);
    expect(body.error.errors[0].reason).toBe('insufficientPermissions');
    expect(headers.get('www-authenticate')).toBe(
      `Bearer realm="https://accounts.google.com/", error="insufficient_scope", scope="${AUTH}admin.directory.user.readonly"`,
    );
  });

  it('answers 403 forbidden when the account is not an administrator', async () => {
    const member = google.issueGrant({ email: 'plain.member@acme.test' });
    const { status, body } = await users('customer=my_customer', member.accessToken);
    expect(status).toBe(403);
    expect(body.error.message).toBe('Not Authorized to access this resource/api');
    expect(body.error.errors[0].reason).toBe('forbidden');
  });

  it('answers 404 in Google’s envelope for an unknown path', async () => {
    const { status, body } = await getJson(google.url, '/admin/directory/v1/userz', token);
    expect(status).toBe(404);
    expect(body.error.code).toBe(404);
  });
});

describe('fake Google: Directory orgunits.list', () => {
  it('lists every unit under the root with type=all, parents included, the root excluded', async () => {
    const { body } = await getJson(
      google.url,
      '/admin/directory/v1/customer/my_customer/orgunits?type=all',
      token,
    );
    const paths = body.organizationUnits.map((u: { orgUnitPath: string }) => u.orgUnitPath);
    expect(paths).toEqual(expect.arrayContaining(['/Sales', '/Sales/EMEA', '/Engineering']));
    expect(paths).not.toContain('/');
    const emea = body.organizationUnits.find(
      (u: { orgUnitPath: string }) => u.orgUnitPath === '/Sales/EMEA',
    );
    const sales = body.organizationUnits.find(
      (u: { orgUnitPath: string }) => u.orgUnitPath === '/Sales',
    );
    expect(emea.parentOrgUnitId).toBe(sales.orgUnitId);
    expect(sales.parentOrgUnitId).toBe(`id:${google.world().rootOrgUnitId}`);
  });
});
