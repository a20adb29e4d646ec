import { z } from 'zod';
import { ALLOW_LIST_TYPES, parseAllowListValue } from './allow-list-value';
import { isoDateTime } from './common';
import { endpoint } from './endpoint';
import { PROVIDER_IDS } from './providers';

export * from './allow-list-value';
export * from './providers';

/** Spec §3 "Integration": every id the product knows, in the order the page shows them. */
export const INTEGRATION_IDS = [
  ...PROVIDER_IDS,
  'aws',
  'azure',
  'gcp',
  'notion',
  '1password',
  'bitwarden',
  'wordpress',
  'squarespace',
] as const;
export type IntegrationId = (typeof INTEGRATION_IDS)[number];

export const INTEGRATION_STATUSES = [
  'available',
  'connected',
  'invalid_token',
  'coming_soon',
  'permission_missing',
] as const;
export type IntegrationStatus = (typeof INTEGRATION_STATUSES)[number];

export const securityCheck = z.object({
  name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  /**
   * Why the check cannot run on the connected account, such as "needs Entra ID P1"; it then
   * counts neither way. Absent or null when it runs.
   */
  unavailable: z.string().nullable().optional(),
});
export type SecurityCheck = z.infer<typeof securityCheck>;

/** Where the background sync of a connected integration stands. */
export const SYNC_STATES = ['idle', 'queued', 'running', 'failed'] as const;
export type SyncState = (typeof SYNC_STATES)[number];

export const integration = z.object({
  id: z.enum(INTEGRATION_IDS),
  name: z.string(),
  /** Path of the logo image, served by the web app. */
  logo: z.string(),
  description: z.string(),
  securityChecks: z.array(securityCheck),
  status: z.enum(INTEGRATION_STATUSES),
  /** When the last sync finished and its data was taken in. */
  lastScan: isoDateTime.nullable(),
  connectedSince: isoDateTime.nullable(),
  /**
   * Why this server cannot connect the integration (its provider is not configured), as one
   * sentence for the card; null when Connect works.
   */
  unavailableReason: z.string().nullable(),
  sync: z.object({
    state: z.enum(SYNC_STATES),
    /** What went wrong in the last sync, in plain words; null after a good one. */
    error: z.string().nullable(),
  }),
  /** What the last sync read and how its checks came out; null before the first one. */
  lastSync: z
    .object({
      usersRead: z.number().int().min(0),
      checksPassed: z.number().int().min(0),
      checksFailed: z.number().int().min(0),
    })
    .nullable(),
});
export type Integration = z.infer<typeof integration>;

/** `GET /api/integrations`: id → integration, for every id of `INTEGRATION_IDS`. */
export const integrationsResponse = z.record(z.enum(INTEGRATION_IDS), integration);
export type IntegrationsResponse = z.infer<typeof integrationsResponse>;

export const integrationParams = z.strictObject({ id: z.enum(INTEGRATION_IDS) });
export type IntegrationParams = z.infer<typeof integrationParams>;

/** `POST /api/integrations/:id/sync` (202): the sync is queued. */
export const syncQueuedResponse = z.object({ integration });
export type SyncQueuedResponse = z.infer<typeof syncQueuedResponse>;

/** Spec §3 "Stale user": a Google Workspace account nobody signs in to any more. */
export const staleUser = z.object({
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  /** null: never signed in. */
  lastLoginTime: isoDateTime.nullable(),
});
export type StaleUser = z.infer<typeof staleUser>;
export const staleUsersResponse = z.object({ staleUsers: z.array(staleUser) });
export type StaleUsersResponse = z.infer<typeof staleUsersResponse>;

export const superAdminCountResponse = z.object({ count: z.number().int().min(0) });
export type SuperAdminCountResponse = z.infer<typeof superAdminCountResponse>;

// ── Allow-list of external sharing (spec §3 "Allow-list entry", §4, §5) ──────────────────────

export const ALLOW_LIST_STATUSES = ['approved', 'pending'] as const;

const allowListValue = z.string().max(300, { message: 'is too long' });

/** One entry named by its type and value; the value is checked for its type. */
export const allowListKey = z
  .strictObject({ type: z.enum(ALLOW_LIST_TYPES), value: allowListValue })
  .transform((entry, ctx) => {
    const parsed = parseAllowListValue(entry.type, entry.value);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.error, path: ['value'] });
      return z.NEVER;
    }
    return { type: entry.type, value: parsed.value };
  });
export type AllowListKey = z.output<typeof allowListKey>;

/** `POST /api/integrations/google-workspace/allow-list`: entries to add (approved unless said). */
export const addAllowListRequest = z
  .array(
    z
      .strictObject({
        type: z.enum(ALLOW_LIST_TYPES),
        value: allowListValue,
        status: z.enum(ALLOW_LIST_STATUSES).optional(),
      })
      .transform((entry, ctx) => {
        const parsed = parseAllowListValue(entry.type, entry.value);
        if (!parsed.ok) {
          ctx.addIssue({ code: 'custom', message: parsed.error, path: ['value'] });
          return z.NEVER;
        }
        return { type: entry.type, value: parsed.value, status: entry.status ?? 'approved' };
      }),
  )
  .min(1, { message: 'must hold at least one entry' })
  .max(500, { message: 'holds too many entries (at most 500 at once)' });
export type AddAllowListRequest = z.input<typeof addAllowListRequest>;

/** `DELETE /api/integrations/google-workspace/allow-list`: entries to remove. */
export const removeAllowListRequest = z
  .array(allowListKey)
  .min(1, { message: 'must hold at least one entry' })
  .max(500, { message: 'holds too many entries (at most 500 at once)' });
export type RemoveAllowListRequest = z.input<typeof removeAllowListRequest>;

/** Who asked for a pending entry, and when (pending entries only). */
const requested = {
  requestedBy: z.string().nullable().optional(),
  requestedAt: isoDateTime.nullable().optional(),
};
export const allowListGroups = z.object({
  users: z.array(z.object({ email: z.string(), ...requested })),
  domains: z.array(z.object({ domain: z.string(), ...requested })),
  files: z.array(z.object({ id: z.string(), ...requested })),
});
export type AllowListGroups = z.infer<typeof allowListGroups>;

/** The allow-list, split into approved and pending entries (spec §3). */
export const allowListResponse = z.object({
  approved: allowListGroups,
  pending: allowListGroups,
});
export type AllowListResponse = z.infer<typeof allowListResponse>;

/** Something the last sync found shared outside the organisation (Drive audit events). */
export const externalShare = z.object({
  fileId: z.string(),
  title: z.string(),
  /** E-mail of the file's owner. */
  owner: z.string(),
  /** Who it is shared with: anyone with the link, or an outside user or domain. */
  sharedWith: z.discriminatedUnion('type', [
    z.object({ type: z.literal('anyone') }),
    z.object({ type: z.literal('user'), email: z.string() }),
    z.object({ type: z.literal('domain'), domain: z.string() }),
  ]),
  sharedAt: isoDateTime,
  /** True when an approved allow-list entry covers it (then it is not flagged). */
  allowed: z.boolean(),
});
export type ExternalShare = z.infer<typeof externalShare>;
/** Administrators see every share; members see the files they own. */
export const externalSharesResponse = z.object({ shares: z.array(externalShare) });
export type ExternalSharesResponse = z.infer<typeof externalSharesResponse>;

// ── Microsoft 365 (integrations-reference §2) ──────────────────────────────────────────────────

/** `GET /api/integrations/microsoft-365/summary`: what the last Microsoft 365 sync read. */
export const microsoftSummaryResponse = z.object({
  globalAdmins: z.array(z.object({ email: z.string(), displayName: z.string() })),
  /** null: the tenant has no Entra ID P1, so sign-in activity cannot be read. */
  staleUsers: z.array(staleUser).nullable(),
  securityDefaultsEnabled: z.boolean().nullable(),
  /** null: unknown (Conditional Access needs Entra ID P1). */
  conditionalAccessRequiresMfa: z.boolean().nullable(),
  /** Members without a second sign-in method; null without Entra ID P1. */
  membersWithoutMfa: z.number().int().min(0).nullable(),
  /** The checks that could not run because the tenant has no Entra ID P1. */
  needsP1: z.array(z.string()),
});
export type MicrosoftSummaryResponse = z.infer<typeof microsoftSummaryResponse>;

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

export const integrationsEndpoints = {
  getIntegrations: endpoint({
    method: 'GET',
    path: '/integrations',
    access: 'user',
    response: { 200: integrationsResponse },
    summary: 'Every integration with its status',
  }),
  disconnectIntegration: endpoint({
    method: 'DELETE',
    path: '/integrations/:id',
    access: 'admin',
    params: integrationParams,
    response: { 200: integration },
    summary: 'Disconnect an integration: revoke the grant, forget its tokens and findings',
  }),
  syncIntegration: endpoint({
    method: 'POST',
    path: '/integrations/:id/sync',
    access: 'admin',
    params: integrationParams,
    response: { 202: syncQueuedResponse },
    summary: 'Queue a sync of a connected integration now',
  }),
  getGoogleStaleUsers: endpoint({
    method: 'GET',
    path: '/integrations/google-workspace/stale-users',
    access: 'admin',
    response: { 200: staleUsersResponse },
    summary: 'Google Workspace accounts nobody signs in to any more',
  }),
  getGoogleSuperAdminCount: endpoint({
    method: 'GET',
    path: '/integrations/google-workspace/super-admin-count',
    access: 'admin',
    response: { 200: superAdminCountResponse },
    summary: 'How many Google Workspace super administrators there are',
  }),
  getGoogleExternalShares: endpoint({
    method: 'GET',
    path: '/integrations/google-workspace/external-shares',
    access: 'user',
    response: { 200: externalSharesResponse },
    summary: 'Files the last sync found shared outside the organisation',
  }),
  getMicrosoftSummary: endpoint({
    method: 'GET',
    path: '/integrations/microsoft-365/summary',
    access: 'admin',
    response: { 200: microsoftSummaryResponse },
    summary: 'What the last Microsoft 365 sync read: administrators, unused accounts, MFA',
  }),
  getMetaAccounts: endpoint({
    method: 'GET',
    path: '/integrations/meta/accounts',
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
  getAllowList: endpoint({
    method: 'GET',
    path: '/integrations/google-workspace/allow-list',
    access: 'user',
    response: { 200: allowListResponse },
    summary: 'The allow-list of external sharing, approved and pending',
  }),
  addToAllowList: endpoint({
    method: 'POST',
    path: '/integrations/google-workspace/allow-list',
    access: 'admin',
    body: addAllowListRequest,
    response: { 200: allowListResponse },
    summary: 'Add entries to the allow-list',
  }),
  removeFromAllowList: endpoint({
    method: 'DELETE',
    path: '/integrations/google-workspace/allow-list',
    access: 'admin',
    body: removeAllowListRequest,
    response: { 200: allowListResponse },
    summary: 'Remove entries from the allow-list',
  }),
  requestAllowListEntry: endpoint({
    method: 'POST',
    path: '/integrations/google-workspace/allow-list/request',
    access: 'user',
    body: allowListKey,
    response: { 200: allowListResponse },
    summary: 'Ask the administrators to allow an entry',
  }),
  approveAllowListEntry: endpoint({
    method: 'POST',
    path: '/integrations/google-workspace/allow-list/approve',
    access: 'admin',
    body: allowListKey,
    response: { 200: allowListResponse },
    summary: 'Approve a pending entry',
  }),
  denyAllowListEntry: endpoint({
    method: 'POST',
    path: '/integrations/google-workspace/allow-list/deny',
    access: 'admin',
    body: allowListKey,
    response: { 200: allowListResponse },
    summary: 'Deny a pending entry',
  }),
};
