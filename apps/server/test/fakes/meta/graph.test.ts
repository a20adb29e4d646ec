import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_CLIENT } from '../test-client';
import { type FakeMeta, startFakeMeta } from './fake-meta';
import { graphGet } from './test-requests';
import { proofOf } from './tokens';
import type { BusinessSeed } from './world';

const BUSINESSES: BusinessSeed[] = [
  {
    id: '111',
    name: 'Brightwave Studio',
    twoFactorType: 'none',
    users: [
      { name: 'Alice Morgan', role: 'ADMIN', twoFacStatus: 'enabled' },
      { name: 'Ben Carter', twoFacStatus: 'enabled' },
      { name: 'Chloe Davies', twoFacStatus: 'disabled' },
    ],
  },
  { id: '222', name: 'Brightwave Shop', twoFactorType: 'all_required', users: [] },
  { id: '333', name: 'Brightwave Lab' },
];

let meta: FakeMeta;
let token: string;
beforeAll(async () => {
  meta = await startFakeMeta({ businesses: BUSINESSES });
});
afterAll(() => meta.close());
beforeEach(() => {
  meta.reset();
  token = meta.issueToken().accessToken;
});

const pathOf = (link: string) => {
  const url = new URL(link);
  return url.pathname + url.search;
};

/** Every page from `path` on, following paging.next as it is. */
async function allPages(path: string) {
  const pages = [];
  let next: string | undefined = `${meta.url}${path}`;
  while (next) {
    const res = await fetch(next);
    // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary Graph JSON
    const body = (await res.json()) as any;
    expect(res.status).toBe(200);
    pages.push(body);
    next = body.paging?.next;
  }
  return pages;
}

describe('fake Meta: Graph API', () => {
  it('pages the businesses with cursors and an absolute next link, absent on the last page', async () => {
    const first = await graphGet(meta.url, '/v24.0/me/businesses?fields=id,name&limit=2', token);
    expect(first.body.data).toEqual([
      { id: '111', name: 'Brightwave Studio' },
      { id: '222', name: 'Brightwave Shop' },
    ]);
    expect(first.body.paging.cursors).toEqual({
      before: expect.any(String),
      after: expect.any(String),
    });
    expect(first.body.paging.next.startsWith(`${meta.url}/v24.0/me/businesses?`)).toBe(true);
    const pages = await allPages(pathOf(first.body.paging.next));
    expect(pages).toHaveLength(1);
    expect(pages[0].data).toEqual([{ id: '333', name: 'Brightwave Lab' }]);
    expect(pages[0].paging.next).toBeUndefined();
  });

  it('pages business users one at a time and answers only the asked fields plus id', async () => {
    const first = await graphGet(
      meta.url,
      '/v24.0/111/business_users?fields=name,two_fac_status&limit=1',
      token,
    );
    const rest = await allPages(pathOf(first.body.paging.next));
    const users = [first.body, ...rest].flatMap((p) => p.data);
    expect(users).toEqual([
      { id: expect.any(String), name: 'Alice Morgan', two_fac_status: 'enabled' },
      { id: expect.any(String), name: 'Ben Carter', two_fac_status: 'enabled' },
      { id: expect.any(String), name: 'Chloe Davies', two_fac_status: 'disabled' },
    ]);
    const empty = await graphGet(meta.url, '/v24.0/222/business_users', token);
    expect(empty.body).toEqual({ data: [] });
  });

  it('refuses a field the node type lacks and an unknown business', async () => {
    const field = await graphGet(meta.url, '/v24.0/me/businesses?fields=id,colour', token);
    expect(field.body.error).toMatchObject({
      code: 100,
      message: expect.stringContaining('colour'),
    });
    const unknown = await graphGet(meta.url, '/v24.0/999/business_users', token);
    expect(unknown.body.error).toMatchObject({ code: 100, error_subcode: 33 });
  });

  it('reads and sets two_factor_type on the business node', async () => {
    const read = await graphGet(meta.url, '/v24.0/111?fields=two_factor_type', token);
    expect(read.body).toEqual({ id: '111', two_factor_type: 'none' });
    const post = (value: string) =>
      fetch(`${meta.url}/v24.0/111`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: new URLSearchParams({
          two_factor_type: value,
          appsecret_proof: proofOf(TEST_CLIENT.secret, token),
        }),
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    expect(await post('sometimes')).toMatchObject({ status: 400, body: { error: { code: 100 } } });
    expect(await post('all_required')).toEqual({ status: 200, body: { success: true } });
    expect(meta.businesses().find((b) => b.id === '111')?.twoFactorType).toBe('all_required');
  });

  it('checks the token and its appsecret_proof on every call', async () => {
    const path = '/v24.0/me/businesses';
    const missing = await graphGet(meta.url, path, token, { proof: null });
    const wrong = await graphGet(meta.url, path, token, { proof: 'ab'.repeat(32) });
    for (const res of [missing, wrong]) {
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        message: 'Invalid appsecret_proof provided in the API argument',
        code: 100,
        fbtrace_id: expect.any(String),
      });
    }
    const unknown = await graphGet(meta.url, path, 'EAAFmadeup');
    expect(unknown.body.error).toMatchObject({ code: 190, type: 'OAuthException' });
    expect(unknown.body.error.error_subcode).toBeUndefined();
    const none = await graphGet(meta.url, path);
    expect(none.body.error.code).toBe(104);

    meta.expireTokens();
    const expired = await graphGet(meta.url, path, token);
    expect(expired.body.error).toMatchObject({ code: 190, error_subcode: 463 });
    expect(expired.body.error.message).toMatch(
      /^Error validating access token: Session has expired on \w+day, \d\d-\w{3}-\d\d /,
    );

    const other = meta.issueToken().accessToken;
    meta.revokeTokens();
    expect((await graphGet(meta.url, path, other)).body.error).toMatchObject({
      code: 190,
      error_subcode: 460,
    });
  });
});
