import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGoogle, startFakeGoogle } from './fake-google';
import { getJson } from './get-json';
import { BUSINESS_STANDARD, BUSINESS_STARTER } from './licensing';

const AUTH = 'https://www.googleapis.com/auth/';
const ADMIN = 'admin@acme.test';
const PRODUCT = '/apps/licensing/v1/product/Google-Apps';

let google: FakeGoogle;
let token: string;
let customerId: string;
beforeAll(async () => {
  google = await startFakeGoogle({
    workspace: {
      domain: 'acme.test',
      userCount: 4,
      users: [{ email: ADMIN, isAdmin: true }],
      licenses: [{ skuId: BUSINESS_STANDARD, emails: [ADMIN] }, { skuId: BUSINESS_STARTER }],
    },
  });
  token = google.issueGrant({ email: ADMIN }).accessToken;
  customerId = google.world().customerId;
});
afterAll(() => google.close());

describe('fake Google: Licensing API', () => {
  it('lists the product’s assignments page by page, each as Google shapes it', async () => {
    const first = await getJson(
      google.url,
      `${PRODUCT}/users?customerId=${customerId}&maxResults=3`,
      token,
    );
    expect(first.status).toBe(200);
    expect(first.body.kind).toBe('licensing#licenseAssignmentList');
    expect(first.body.items[0]).toEqual({
      kind: 'licensing#licenseAssignment',
      etags: expect.any(String),
      productId: 'Google-Apps',
      userId: ADMIN,
      selfLink: `https://licensing.googleapis.com${PRODUCT}/sku/${BUSINESS_STANDARD}/user/admin%40acme.test`,
      skuId: BUSINESS_STANDARD,
      skuName: 'Google Workspace Business Standard',
      productName: 'Google Workspace',
    });
    const second = await getJson(
      google.url,
      `${PRODUCT}/users?customerId=${customerId}&maxResults=3&pageToken=${first.body.nextPageToken}`,
      token,
    );
    expect(second.body.items).toHaveLength(2);
    expect(second.body.nextPageToken).toBeUndefined();
  });

  it('lists one SKU’s assignments, and none without `items`', async () => {
    const starter = await getJson(
      google.url,
      `${PRODUCT}/sku/${BUSINESS_STARTER}/users?customerId=acme.test&fields=items(userId)`,
      token,
    );
    expect(starter.body).toEqual({ items: Array.from({ length: 4 }, () => expect.any(Object)) });
    const plus = await getJson(
      google.url,
      `${PRODUCT}/sku/1010020025/users?customerId=${customerId}`,
      token,
    );
    expect(plus.status).toBe(200);
    expect(plus.body.items).toBeUndefined();
  });

  it('refuses another customer, a missing one, a page too large and a token without the scope', async () => {
    const other = await getJson(google.url, `${PRODUCT}/users?customerId=C0other`, token);
    expect(other.status).toBe(403);
    const missing = await getJson(google.url, `${PRODUCT}/users`, token);
    expect(missing.body.error.errors[0]).toMatchObject({
      reason: 'required',
      location: 'customerId',
    });
    const large = await getJson(
      google.url,
      `${PRODUCT}/users?customerId=${customerId}&maxResults=1001`,
      token,
    );
    expect(large.status).toBe(400);
    const narrow = google.issueGrant({
      email: ADMIN,
      scopes: [`${AUTH}admin.directory.user.readonly`],
    }).accessToken;
    const refused = await getJson(google.url, `${PRODUCT}/users?customerId=${customerId}`, narrow);
    expect(refused.status).toBe(403);
    expect(refused.body.error.errors[0].reason).toBe('insufficientPermissions');
  });
});
