import { z } from 'zod';
import { endpoint } from '../endpoint';
import { providerPath } from '../providers';

// ── Bitwarden organisation (integrations-reference-2 §3) ──────────────────────────────────────

/** A member's place in the organisation; 'unknown': a status number Castellan does not know. */
export const BITWARDEN_MEMBER_STATUSES = [
  'invited',
  'accepted',
  'confirmed',
  'staged',
  'revoked',
  'unknown',
] as const;
export type BitwardenMemberStatus = (typeof BITWARDEN_MEMBER_STATUSES)[number];

export const BITWARDEN_MEMBER_ROLES = ['owner', 'admin', 'user', 'custom', 'unknown'] as const;
export type BitwardenMemberRole = (typeof BITWARDEN_MEMBER_ROLES)[number];

export const bitwardenMember = z.object({
  /** Lower-case. */
  email: z.string(),
  name: z.string().nullable(),
  status: z.enum(BITWARDEN_MEMBER_STATUSES),
  role: z.enum(BITWARDEN_MEMBER_ROLES),
  /** Two-step login turned on for the person's Bitwarden account. */
  twoStepLogin: z.boolean(),
});
export type BitwardenMember = z.infer<typeof bitwardenMember>;

export const bitwardenMembersQuery = z.strictObject({
  /** Opaque, from the previous page's `nextCursor`. */
  cursor: z
    .string()
    .regex(/^\d{1,6}$/, 'must be the nextCursor of a previous page')
    .optional(),
});
export type BitwardenMembersQuery = z.input<typeof bitwardenMembersQuery>;

/** How many members a page of `GET /api/integrations/bitwarden/members` holds. */
export const BITWARDEN_MEMBERS_PAGE = 25;

/**
 * `GET /api/integrations/bitwarden/members`: the organisation's two-step rule, its counts, and the
 * members who need something done (two-step login off, or not yet a confirmed member), a page at
 * a time, from the last sync.
 */
export const bitwardenMembersResponse = z.object({
  /** The "Require two-step login" policy is on. */
  twoStepRequired: z.boolean(),
  /** Members with a Bitwarden account in the organisation (accepted or confirmed). */
  members: z.number().int().min(0),
  membersWithTwoStep: z.number().int().min(0),
  /** Invited people who have not accepted yet. */
  invited: z.number().int().min(0),
  needAttention: z.array(bitwardenMember),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
});
export type BitwardenMembersResponse = z.infer<typeof bitwardenMembersResponse>;

export const bitwardenEndpoints = {
  getBitwardenMembers: endpoint({
    method: 'GET',
    path: providerPath('bitwarden', 'members'),
    access: 'admin',
    query: bitwardenMembersQuery,
    response: { 200: bitwardenMembersResponse },
    summary:
      'The Bitwarden members without two-step login or not yet confirmed, and the organisation’s two-step rule',
  }),
};
