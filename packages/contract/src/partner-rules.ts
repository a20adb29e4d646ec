/**
 * The constants of partner links (an IT provider looking after client organisations) that the
 * server and the web app both apply. No zod here: the web app's pages import it.
 */

/** What a partner's people may do in a client: what its administrators do, or only look. */
export const PARTNER_ROLES = ['admin', 'viewer'] as const;
export type PartnerRole = (typeof PARTNER_ROLES)[number];
export const PARTNER_ROLE_NAMES: Record<PartnerRole, string> = {
  admin: 'Administrator',
  viewer: 'Read-only',
};

/** A link is invited by the client, accepted by the partner, and ended by either at any time. */
export const PARTNER_LINK_STATES = ['invited', 'active', 'ended'] as const;
export type PartnerLinkState = (typeof PARTNER_LINK_STATES)[number];

/** What a read-only partner is told when they try to change something in a client. */
export const PARTNER_READ_ONLY =
  'Your partner access to this organisation is read-only: its administrators can change this.';

/** How many baselines a partner keeps, and how much one may set. */
export const BASELINE_LIMITS = {
  baselines: 50,
  nameLength: 80,
  notApplicable: 100,
  escalationOff: 100,
  trustedDomains: 50,
  approvedApps: 100,
  clientsPerApply: 500,
} as const;

/** How far back a client's trend looks: the score now against the score this many days ago. */
export const PARTNER_TREND_DAYS = 30;
