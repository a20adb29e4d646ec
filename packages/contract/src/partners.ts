// Partners: an IT provider's organisation that client organisations link to, so that the
// provider's administrators can look after each client from one console. Constants in
// partner-rules.ts.
import { z } from 'zod';
import { isoDateTime } from './common';
import { APP_SUITES } from './connected-apps';
import { endpoint } from './endpoint';
import { BASELINE_LIMITS, PARTNER_LINK_STATES, PARTNER_ROLES } from './partner-rules';
import { notApplicableReason } from './tasks';

export * from './partner-rules';

/** One link between a client organisation and its partner, as either side sees it. */
export const partnerLink = z.object({
  id: z.uuid(),
  clientDomain: z.string(),
  partnerDomain: z.string(),
  role: z.enum(PARTNER_ROLES),
  state: z.enum(PARTNER_LINK_STATES),
  invitedAt: isoDateTime,
  /** The client administrator who invited the partner; null when their account is gone. */
  invitedBy: z.string().nullable(),
  acceptedAt: isoDateTime.nullable(),
  endedAt: isoDateTime.nullable(),
});
export type PartnerLink = z.infer<typeof partnerLink>;

/** `POST /api/partners` (a client's administrators): invite a partner by its domain. */
export const invitePartnerRequest = z.strictObject({
  domain: z.string().max(300, { message: 'is too long for a domain name' }),
  role: z.enum(PARTNER_ROLES),
});
export type InvitePartnerRequest = z.infer<typeof invitePartnerRequest>;

export const changePartnerRoleRequest = z.strictObject({ role: z.enum(PARTNER_ROLES) });

const linkParams = z.strictObject({ id: z.uuid() });
const linkResponse = z.object({ link: partnerLink });

/** One linked client in the partner console's roll-up. */
export const partnerClientSummary = z.object({
  linkId: z.uuid(),
  domain: z.string(),
  role: z.enum(PARTNER_ROLES),
  /** As the client's own `GET /api/get-score` has it. */
  score: z.number(),
  grade: z.string(),
  /** The score now minus the oldest daily score of the last PARTNER_TREND_DAYS days; null without one. */
  trend: z.number().nullable(),
  members: z.number().int().nonnegative(),
  /** Open Critical tasks: each person's own copy counted, an Admin task once. */
  openCritical: z.number().int().nonnegative(),
  /** Connected integrations that need someone: a token problem, a missing permission, a failed sync. */
  integrationsNeedingAttention: z.array(z.object({ name: z.string(), problem: z.string() })),
  devices: z.number().int().nonnegative(),
  devicesNotReporting: z.number().int().nonnegative(),
});
export type PartnerClientSummary = z.infer<typeof partnerClientSummary>;

/** A task open for many people across clients: "Turn on two-step verification: 37 people in 6 clients". */
export const partnerGap = z.object({
  catalogueId: z.string(),
  title: z.string(),
  risk: z.string(),
  people: z.number().int().positive(),
  clients: z.number().int().positive(),
});
export type PartnerGap = z.infer<typeof partnerGap>;

export const partnerOverviewResponse = z.object({
  clients: z.array(partnerClientSummary),
  /** The biggest gaps across clients, the most people first (at most 5). */
  gaps: z.array(partnerGap),
  computedAt: isoDateTime,
});
export type PartnerOverviewResponse = z.infer<typeof partnerOverviewResponse>;

/** What a baseline sets in each client it is applied to. Empty lists and null leave a setting as it is. */
export const baselineSettings = z.strictObject({
  notApplicable: z
    .array(z.strictObject({ catalogueId: z.string().max(100), reason: notApplicableReason }))
    .max(BASELINE_LIMITS.notApplicable, {
      message: `can hold at most ${BASELINE_LIMITS.notApplicable} tasks`,
    }),
  /** The weekly reminder e-mail, on or off; null leaves it. */
  weeklyReminders: z.boolean().nullable(),
  /** Nudges about due tasks, on or off; null leaves them. */
  nudges: z.boolean().nullable(),
  /** Tasks whose overdue copies are not escalated to the client's administrators. */
  escalationOff: z.array(z.string().max(100)).max(BASELINE_LIMITS.escalationOff, {
    message: `can hold at most ${BASELINE_LIMITS.escalationOff} tasks`,
  }),
  /** Added to the client's trusted domains (its own list is kept). */
  trustedDomains: z.array(z.string().max(300)).max(BASELINE_LIMITS.trustedDomains, {
    message: `can hold at most ${BASELINE_LIMITS.trustedDomains} domains`,
  }),
  /** Added to the client's approved apps. */
  approvedApps: z
    .array(
      z.strictObject({
        suite: z.enum(APP_SUITES),
        clientId: z.string().trim().min(1, { message: 'needs the app’s client id' }).max(200),
        name: z.string().trim().max(200),
      }),
    )
    .max(BASELINE_LIMITS.approvedApps, {
      message: `can hold at most ${BASELINE_LIMITS.approvedApps} apps`,
    }),
});
export type BaselineSettings = z.infer<typeof baselineSettings>;

export const baselineRequest = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, { message: 'needs a name' })
    .max(BASELINE_LIMITS.nameLength, {
      message: `keep the name to ${BASELINE_LIMITS.nameLength} characters`,
    }),
  settings: baselineSettings,
});
export type BaselineRequest = z.infer<typeof baselineRequest>;

export const baseline = z.object({
  id: z.uuid(),
  name: z.string(),
  settings: baselineSettings,
  updatedAt: isoDateTime,
  /** The clients it was last applied to, with when. */
  appliedTo: z.array(z.object({ domain: z.string(), at: isoDateTime })),
});
export type Baseline = z.infer<typeof baseline>;

/** A task a baseline can name, as the partner picks it. */
export const baselineTaskChoice = z.object({
  id: z.string(),
  title: z.string(),
  scope: z.string(),
});

export const applyBaselineRequest = z.strictObject({
  linkIds: z
    .array(z.uuid())
    .min(1, { message: 'needs at least one client' })
    .max(BASELINE_LIMITS.clientsPerApply, {
      message: `can hold at most ${BASELINE_LIMITS.clientsPerApply} clients`,
    }),
});

/** How applying went for each chosen client. */
export const applyBaselineResponse = z.object({
  results: z.array(
    z.object({ linkId: z.uuid(), domain: z.string().nullable(), error: z.string().nullable() }),
  ),
});
export type ApplyBaselineResponse = z.infer<typeof applyBaselineResponse>;

/** What a partner's baseline set in this organisation, as its administrators see it. */
export const baselineApplication = z.object({
  id: z.uuid(),
  baselineName: z.string(),
  partnerDomain: z.string(),
  appliedBy: z.string().nullable(),
  appliedAt: isoDateTime,
  settings: baselineSettings,
  /** The titles of the tasks it named, by catalogue id. */
  taskTitles: z.record(z.string(), z.string()),
});
export type BaselineApplication = z.infer<typeof baselineApplication>;

const baselineParams = z.strictObject({ id: z.uuid() });

export const partnerEndpoints = {
  listPartners: endpoint({
    method: 'GET',
    path: '/partners',
    access: 'admin',
    response: { 200: z.object({ links: z.array(partnerLink) }) },
    summary:
      'The partners the organisation invited or links to, and those it ended (administrators)',
  }),
  invitePartner: endpoint({
    method: 'POST',
    path: '/partners',
    access: 'admin',
    body: invitePartnerRequest,
    response: { 201: linkResponse },
    summary:
      'Invite an IT provider’s organisation, by its domain, to look after this one (administrators)',
  }),
  changePartnerRole: endpoint({
    method: 'PUT',
    path: '/partners/:id',
    access: 'admin',
    params: linkParams,
    body: changePartnerRoleRequest,
    response: { 200: linkResponse },
    summary: 'Change what a partner may do here: administer, or only look (administrators)',
  }),
  endPartnerLink: endpoint({
    method: 'DELETE',
    path: '/partners/:id',
    access: 'admin',
    params: linkParams,
    response: { 200: linkResponse },
    summary: 'End a partner’s access now, or withdraw an invitation (administrators)',
  }),
  listPartnerClients: endpoint({
    method: 'GET',
    path: '/partner/clients',
    access: 'admin',
    response: { 200: z.object({ links: z.array(partnerLink) }) },
    summary:
      'The organisations this one looks after as their partner, and its invitations (administrators)',
  }),
  acceptPartnerInvitation: endpoint({
    method: 'POST',
    path: '/partner/clients/:id/accept',
    access: 'admin',
    params: linkParams,
    response: { 200: linkResponse },
    summary: 'Accept a client’s invitation to be its partner (administrators)',
  }),
  leavePartnerClient: endpoint({
    method: 'DELETE',
    path: '/partner/clients/:id',
    access: 'admin',
    params: linkParams,
    response: { 200: linkResponse },
    summary: 'Stop looking after a client, or decline its invitation (administrators)',
  }),
  openPartnerClient: endpoint({
    method: 'POST',
    path: '/partner/clients/:id/open',
    access: 'admin',
    params: linkParams,
    response: { 200: linkResponse },
    summary:
      'Switch this session into a client, with the link’s role (the partner’s administrators)',
  }),
  partnerOverview: endpoint({
    method: 'GET',
    path: '/partner/overview',
    access: 'admin',
    response: { 200: partnerOverviewResponse },
    summary:
      'Every linked client’s score, trend, open critical tasks, integrations and devices needing attention, and the biggest gaps across them (the partner’s administrators)',
  }),
  partnerOverviewCsv: endpoint({
    method: 'GET',
    path: '/partner/overview.csv',
    access: 'admin',
    response: { 200: z.string() },
    summary: 'The console’s roll-up as a CSV file (the partner’s administrators)',
  }),
  listBaselines: endpoint({
    method: 'GET',
    path: '/partner/baselines',
    access: 'admin',
    response: {
      200: z.object({ baselines: z.array(baseline), tasks: z.array(baselineTaskChoice) }),
    },
    summary:
      'The partner’s baselines, and the tasks a baseline can name (the partner’s administrators)',
  }),
  createBaseline: endpoint({
    method: 'POST',
    path: '/partner/baselines',
    access: 'admin',
    body: baselineRequest,
    response: { 201: z.object({ baseline }) },
    summary: 'Define a baseline once, to apply to chosen clients (the partner’s administrators)',
  }),
  updateBaseline: endpoint({
    method: 'PUT',
    path: '/partner/baselines/:id',
    access: 'admin',
    params: baselineParams,
    body: baselineRequest,
    response: { 200: z.object({ baseline }) },
    summary: 'Change a baseline; clients keep what it set until it is applied again',
  }),
  deleteBaseline: endpoint({
    method: 'DELETE',
    path: '/partner/baselines/:id',
    access: 'admin',
    params: baselineParams,
    response: { 204: z.null() },
    summary: 'Delete a baseline; what it set in clients stays theirs',
  }),
  applyBaseline: endpoint({
    method: 'POST',
    path: '/partner/baselines/:id/apply',
    access: 'admin',
    params: baselineParams,
    body: applyBaselineRequest,
    response: { 200: applyBaselineResponse },
    summary:
      'Apply a baseline to chosen clients where the partner is an administrator; each result says whether it applied',
  }),
  listBaselineApplications: endpoint({
    method: 'GET',
    path: '/partners/baselines',
    access: 'admin',
    response: { 200: z.object({ applications: z.array(baselineApplication) }) },
    summary: 'What partners’ baselines set in this organisation (administrators)',
  }),
  closePartnerClient: endpoint({
    method: 'POST',
    path: '/partner/close',
    access: 'user',
    response: { 204: z.null() },
    summary: 'Switch this session back from a client to the partner’s own organisation',
  }),
};
