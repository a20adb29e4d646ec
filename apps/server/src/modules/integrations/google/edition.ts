// Which Google Workspace edition the organisation holds (integrations-reference-2 §2.4): the
// licence assignments of product `Google-Apps`, counted per SKU. An organisation can mix editions;
// its edition is the one most users hold, the others are named beside it.
//
// One list of the product's assignments (listForProduct) is read rather than one list per SKU: a
// single request per 1,000 users instead of at least fifteen, and a SKU the table below does not
// know is still counted, under the name Google gives it.
import { z } from 'zod';
import type { GoogleApi } from './google-api';
import { GoogleApiError } from './google-api-error';
import { parsePage } from './parse-page';
import { grantsScope } from './scopes';

/** The Licensing API's only scope: read and write, with no read-only form (reference §2). */
export const LICENSING_SCOPE = 'https://www.googleapis.com/auth/apps.licensing';
export const EDITION_NOT_GRANTED = 'Reconnect Google Workspace to let Castellan read your edition';
export const EDITION_API_OFF =
  'This Castellan server cannot read editions yet: its Google project does not have the Licensing API turned on';
export const NO_LICENCES = 'Google lists no Google Workspace licence for your organisation';

const PRODUCT = 'Google-Apps';
const PATH = `/apps/licensing/v1/product/${PRODUCT}/users`;
/** The maximum page (reference §2.4: default 100, maximum 1,000; unconfirmed). */
const PER_PAGE = 1000;
const FIELDS = 'nextPageToken,items(skuId,skuName)';

/** How many users hold one edition. */
export type EditionCount = { skuId: string; name: string; users: number };

/** What a sync read of the edition: the editions held, the most held first, or why unknown. */
export type GoogleEditionRead = { editions: EditionCount[] } | { editions: null; unknown: string };

const assignments = z.object({
  items: z.array(z.object({ skuId: z.string(), skuName: z.string().optional() })).optional(),
});
const oneUser = z.object({
  users: z.array(z.object({ customerId: z.string().optional() })).optional(),
});

/**
 * The customer's id (`C0…`), which the Licensing API takes. Its reference shows only such ids and
 * says an older version took the primary domain; whether it takes `my_customer`, as the Directory
 * API does, is unconfirmed (§2.4, §9). Every user of the Directory carries the id, so one user is
 * read for it with the scope the sync already needs; `my_customer` is the last resort.
 */
async function customerIdOf(api: GoogleApi, signal?: AbortSignal): Promise<string> {
  const path = '/admin/directory/v1/users';
  const query = { customer: 'my_customer', maxResults: 1, fields: 'users(customerId)' };
  const body = await api.getJson('admin', path, query, signal);
  return parsePage(oneUser, body, `Google ${path}`).users?.[0]?.customerId || 'my_customer';
}

/** The organisation's edition; unknown when the grant or Google does not let Castellan read it. */
export async function readEdition(
  api: GoogleApi,
  signal?: AbortSignal,
): Promise<GoogleEditionRead> {
  if (!grantsScope(api.grant.scopes, LICENSING_SCOPE)) {
    return { editions: null, unknown: EDITION_NOT_GRANTED };
  }
  const counts = new Map<string, EditionCount>();
  try {
    const query = {
      customerId: await customerIdOf(api, signal),
      maxResults: PER_PAGE,
      fields: FIELDS,
    };
    for await (const body of api.pages('licensing', PATH, query, signal ? { signal } : {})) {
      for (const { skuId, skuName } of parsePage(assignments, body, `Google ${PATH}`).items ?? []) {
        const held = counts.get(skuId);
        if (held) held.users += 1;
        else counts.set(skuId, { skuId, name: skuName ?? skuId, users: 1 });
      }
    }
  } catch (err) {
    if (err instanceof GoogleApiError && err.kind === 'permission_missing') {
      return { editions: null, unknown: EDITION_NOT_GRANTED };
    }
    // A 403 that is not about the customer: the API is off in the product's Google project (an
    // extra API beside the Admin SDK), which must not fail every sync.
    if (err instanceof GoogleApiError && err.kind === 'failed' && err.httpStatus === 403) {
      return { editions: null, unknown: EDITION_API_OFF };
    }
    throw err;
  }
  const editions = [...counts.values()].sort(
    (a, b) => b.users - a.users || a.name.localeCompare(b.name),
  );
  return editions.length > 0 ? { editions } : { editions: null, unknown: NO_LICENCES };
}
