import { z } from 'zod';
import { ALLOW_LIST_TYPES, parseAllowListValue } from '../allow-list-value';
import { isoDateTime } from '../common';
import { endpoint } from '../endpoint';
import { staleUser } from '../integrations';
import { providerPath } from '../providers';

export * from '../allow-list-value';

// ── Google Workspace: what its last sync found ─────────────────────────────────────────────────

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

export const googleWorkspaceEndpoints = {
  getGoogleStaleUsers: endpoint({
    method: 'GET',
    path: providerPath('gws', 'stale-users'),
    access: 'admin',
    response: { 200: staleUsersResponse },
    summary: 'Google Workspace accounts nobody signs in to any more',
  }),
  getGoogleSuperAdminCount: endpoint({
    method: 'GET',
    path: providerPath('gws', 'super-admin-count'),
    access: 'admin',
    response: { 200: superAdminCountResponse },
    summary: 'How many Google Workspace super administrators there are',
  }),
  getGoogleExternalShares: endpoint({
    method: 'GET',
    path: providerPath('gws', 'external-shares'),
    access: 'user',
    response: { 200: externalSharesResponse },
    summary: 'Files the last sync found shared outside the organisation',
  }),
  getAllowList: endpoint({
    method: 'GET',
    path: providerPath('gws', 'allow-list'),
    access: 'user',
    response: { 200: allowListResponse },
    summary: 'The allow-list of external sharing, approved and pending',
  }),
  addToAllowList: endpoint({
    method: 'POST',
    path: providerPath('gws', 'allow-list'),
    access: 'admin',
    body: addAllowListRequest,
    response: { 200: allowListResponse },
    summary: 'Add entries to the allow-list',
  }),
  removeFromAllowList: endpoint({
    method: 'DELETE',
    path: providerPath('gws', 'allow-list'),
    access: 'admin',
    body: removeAllowListRequest,
    response: { 200: allowListResponse },
    summary: 'Remove entries from the allow-list',
  }),
  requestAllowListEntry: endpoint({
    method: 'POST',
    path: providerPath('gws', 'allow-list/request'),
    access: 'user',
    body: allowListKey,
    response: { 200: allowListResponse },
    summary: 'Ask the administrators to allow an entry',
  }),
  approveAllowListEntry: endpoint({
    method: 'POST',
    path: providerPath('gws', 'allow-list/approve'),
    access: 'admin',
    body: allowListKey,
    response: { 200: allowListResponse },
    summary: 'Approve a pending entry',
  }),
  denyAllowListEntry: endpoint({
    method: 'POST',
    path: providerPath('gws', 'allow-list/deny'),
    access: 'admin',
    body: allowListKey,
    response: { 200: allowListResponse },
    summary: 'Deny a pending entry',
  }),
};
