import { z } from 'zod';
import { endpoint } from '../endpoint';
import { providerPath } from '../providers';

// ── Meta business accounts (spec §3 "Meta business accounts", integrations-reference §3) ────────

export const META_TWO_FACTOR_TYPES = ['none', 'admin_required', 'all_required'] as const;

export const metaAccount = z.object({
  id: z.string(),
  name: z.string(),
  /** Meta's two_factor_type; null when Meta answered a value Castellan does not know. */
  twoFactorType: z.enum(META_TWO_FACTOR_TYPES).nullable(),
  /** Whether everyone in the business must use two-factor authentication. */
  twoFactorRequired: z.boolean(),
  people: z.number().int().min(0),
  peopleWithTwoFactor: z.number().int().min(0),
  /** People whose two-factor status Meta gave in a form Castellan does not know. */
  peopleTwoFactorUnknown: z.number().int().min(0),
});
export type MetaAccount = z.infer<typeof metaAccount>;

export const metaAccountsQuery = z.strictObject({
  /** Opaque, from the previous page's `nextCursor`. */
  cursor: z
    .string()
    .regex(/^\d{1,6}$/, 'must be the nextCursor of a previous page')
    .optional(),
});
export type MetaAccountsQuery = z.input<typeof metaAccountsQuery>;

/** How many business accounts a page of `GET /api/integrations/meta/accounts` holds. */
export const META_ACCOUNTS_PAGE = 25;

/** `GET /api/integrations/meta/accounts`: the business accounts the grant can see, a page at a time. */
export const metaAccountsResponse = z.object({
  accounts: z.array(metaAccount),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
});
export type MetaAccountsResponse = z.infer<typeof metaAccountsResponse>;

/** `POST /api/facebook/enable-mfa`: require two-factor authentication for everyone in a business. */
export const enableMetaMfaRequest = z.strictObject({
  businessId: z.string().regex(/^\d{1,32}$/, 'must be a Meta business id (digits)'),
});
export type EnableMetaMfaRequest = z.infer<typeof enableMetaMfaRequest>;
export const enableMetaMfaResponse = z.object({ account: metaAccount });
export type EnableMetaMfaResponse = z.infer<typeof enableMetaMfaResponse>;

export const metaEndpoints = {
  getMetaAccounts: endpoint({
    method: 'GET',
    path: providerPath('meta', 'accounts'),
    access: 'admin',
    query: metaAccountsQuery,
    response: { 200: metaAccountsResponse },
    summary: 'The Meta business accounts the grant can see, with their two-factor settings',
  }),
  enableMetaMfa: endpoint({
    method: 'POST',
    path: '/facebook/enable-mfa',
    access: 'admin',
    body: enableMetaMfaRequest,
    response: { 200: enableMetaMfaResponse },
    summary: 'Require two-factor authentication for everyone in a Meta business account',
  }),
};
