// Enterprise License Manager (the Licensing API) of integrations-reference-2 §2.4: a product's
// licence assignments (listForProduct) and one SKU's (listForProductAndSku), paged by pageToken.
// The list's envelope and the `maxResults` range (default 100, at most 1,000) are the reference's
// unconfirmed memory; so is whether `customerId=my_customer` works: this fake takes the customer's
// id or its primary domain (which the reference says an older version took) and refuses the rest.
import { createHash } from 'node:crypto';
import { json } from '../kit/answers';
import { type ApiEndpoint, type ApiRequest, AUTH } from './api-endpoint';
import { badRequest, forbidden } from './google-errors';
import { maxResultsOf, nextPageToken, tokenPage } from './page-token';
import type { FakeUser } from './world-types';

/** Product `Google-Apps`: its SKUs by id, with the names Google gives them (reference §2.4). */
const GOOGLE_APPS = {
  productId: 'Google-Apps',
  productName: 'Google Workspace',
  skus: {
    '1010020027': 'Google Workspace Business Starter',
    '1010020028': 'Google Workspace Business Standard',
    '1010020025': 'Google Workspace Business Plus',
    '1010020029': 'Google Workspace Enterprise Starter',
    '1010020026': 'Google Workspace Enterprise Standard',
    '1010020020': 'Google Workspace Enterprise Plus',
    '1010060003': 'Google Workspace Enterprise Essentials',
    '1010060005': 'Google Workspace Enterprise Essentials Plus',
    '1010060001': 'Google Workspace Essentials',
    '1010020030': 'Google Workspace Frontline Starter',
    '1010020031': 'Google Workspace Frontline Standard',
    '1010020034': 'Google Workspace Frontline Plus',
    'Google-Apps-Unlimited': 'G Suite Business',
    'Google-Apps-For-Business': 'G Suite Basic',
    'Google-Apps-Lite': 'G Suite Lite',
  } as Record<string, string>,
};

export const BUSINESS_STARTER = '1010020027';
export const BUSINESS_STANDARD = '1010020028';

/** Who holds a SKU of Google-Apps: the users named, or (no `emails`) everyone no other seed names. */
export type LicenseSeed = { skuId: string; emails?: string[] };

export type FakeLicenseAssignment = {
  kind: 'licensing#licenseAssignment';
  etags: string;
  productId: string;
  /** The user's primary e-mail. */
  userId: string;
  selfLink: string;
  skuId: string;
  skuName: string;
  productName: string;
};

const hex = (text: string, length: number) =>
  createHash('sha256').update(text).digest('hex').slice(0, length);

function assignment(skuId: string, email: string): FakeLicenseAssignment {
  const skuName = GOOGLE_APPS.skus[skuId];
  if (!skuName) throw new Error(`no SKU ${skuId} in product Google-Apps`);
  const { productId, productName } = GOOGLE_APPS;
  return {
    kind: 'licensing#licenseAssignment',
    etags: `"${hex(`license:${skuId}:${email}`, 27)}"`,
    productId,
    userId: email,
    selfLink: `https://licensing.googleapis.com/apps/licensing/v1/product/${productId}/sku/${skuId}/user/${encodeURIComponent(email)}`,
    skuId,
    skuName,
    productName,
  };
}

/**
 * The assignments of the workspace's live users, in the seeds' order. Without seeds everyone holds
 * Business Standard, as a workspace always holds some edition.
 */
export function licensesOf(
  seeds: readonly LicenseSeed[] = [{ skuId: BUSINESS_STANDARD }],
  users: readonly FakeUser[],
): FakeLicenseAssignment[] {
  const named = new Set(seeds.flatMap((s) => (s.emails ?? []).map((e) => e.toLowerCase())));
  return seeds.flatMap((seed) => {
    const emails = seed.emails
      ? seed.emails.map((e) => e.toLowerCase())
      : users.map((u) => u.primaryEmail).filter((e) => !named.has(e));
    return emails.map((email) => assignment(seed.skuId, email));
  });
}

const SCHEMA = {
  kind: true,
  etag: true,
  nextPageToken: true,
  items: {
    kind: true,
    etags: true,
    productId: true,
    userId: true,
    selfLink: true,
    skuId: true,
    skuName: true,
    productName: true,
  },
} as const;

function list({ query, params, world }: ApiRequest) {
  const customerId = query.get('customerId');
  if (!customerId) {
    return badRequest('admin', 'Required parameter: customerId', 'required', 'customerId');
  }
  if (customerId !== world.customerId && customerId !== world.domain) return forbidden();
  const size = maxResultsOf(query, 100, 1000);
  if (typeof size !== 'number') return size;
  const items = (world.licenses ?? []).filter(
    (a) => a.productId === params.productId && (!params.skuId || a.skuId === params.skuId),
  );
  const page = tokenPage(items, query, size, ['customerId']);
  if (!page) return badRequest('admin', 'Invalid Input: pageToken', 'invalid', 'pageToken');
  return json(200, {
    kind: 'licensing#licenseAssignmentList',
    etag: `"${hex(`licenses:${params.productId}:${params.skuId ?? ''}:${page.offset}:${world.customerId}`, 27)}"`,
    ...(page.items.length > 0 ? { items: page.items } : {}),
    ...nextPageToken(page),
  });
}

const endpoint = (pattern: RegExp): ApiEndpoint => ({
  pattern,
  // Its errors are the Admin SDK's (reference §2.5), as the Directory API's are.
  api: 'directory',
  service: 'licensing.googleapis.com',
  scopes: [`${AUTH}apps.licensing`],
  schema: SCHEMA,
  handle: list,
});

export const licensesForProduct = endpoint(
  /^\/apps\/licensing\/v1\/product\/(?<productId>[^/]+)\/users$/,
);
export const licensesForSku = endpoint(
  /^\/apps\/licensing\/v1\/product\/(?<productId>[^/]+)\/sku\/(?<skuId>[^/]+)\/users$/,
);
