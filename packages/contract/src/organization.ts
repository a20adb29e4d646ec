import { z } from 'zod';
import { isoDateTime } from './common';
import { ORGANIZATION_STATUSES } from './vocabulary';

/** Attacks the organisation's providers stopped, as counted by its integrations. */
export const organizationMetrics = z.object({
  stopped_attacks: z.object({
    failed_logins: z.number().int().min(0),
    blocked_spam: z.number().int().min(0),
  }),
});
export type OrganizationMetrics = z.infer<typeof organizationMetrics>;

/** The latest risk analysis of the organisation's domain. */
export const riskAnalysisSummary = z.object({
  expectedBreachCost: z.number(),
});

/** `GET /api/organization` */
export const organization = z.object({
  id: z.uuid(),
  domain: z.string(),
  status: z.enum(ORGANIZATION_STATUSES),
  metrics: organizationMetrics,
  risk_analysis: riskAnalysisSummary.nullable(),
  /** The same as `risk_analysis` (spec §3). */
  riskAnalysis: riskAnalysisSummary.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Organization = z.infer<typeof organization>;

/** `DELETE /api/organization` */
export const deleteOrganizationResponse = z.object({ deleted: z.literal(true) });
