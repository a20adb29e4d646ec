import { z } from 'zod';
import { isoDateTime } from './common';
import { endpoint } from './endpoint';
import { completeRegistrationResponse } from './risk-analyses';
import { GRADES, ORGANIZATION_STATUSES } from './vocabulary';

/** Attacks the organisation's providers stopped, as counted by its integrations. */
export const organizationMetrics = z.object({
  stopped_attacks: z.object({
    failed_logins: z.number().int().min(0),
    blocked_spam: z.number().int().min(0),
  }),
});
export type OrganizationMetrics = z.infer<typeof organizationMetrics>;

export const breachCostRange = z.object({
  low: z.number().min(0),
  expected: z.number().min(0),
  high: z.number().min(0),
});
export type BreachCostRange = z.infer<typeof breachCostRange>;

/** Why the expected breach cost is what it is, and what changed it, one sentence each. */
export const breachCostExplanation = z.object({
  /** "Why $X: 12 people, 3 open ways in (…); a breach of a company your size costs about $Y." */
  why: z.string(),
  /** "Since last week: +$43,000 because 1 person joined (more records at risk); …" */
  sinceLastWeek: z.string(),
});
export type BreachCostExplanation = z.infer<typeof breachCostExplanation>;

/** The latest finished risk analysis of the organisation's domain. */
export const riskAnalysisSummary = z.object({
  id: z.uuid(),
  domain: z.string(),
  scannedAt: isoDateTime,
  score: z.number().int().nullable(),
  grade: z.enum(GRADES).nullable(),
  /** Problems found, by severity. */
  failedChecks: z.number().int(),
  /** Estimated cost of a breach in USD; the model is in docs/using.md. */
  expectedBreachCost: z.number(),
  /** The same model's low and high ends; `expected` equals `expectedBreachCost`. */
  expectedBreachCostRange: breachCostRange,
  /** Why the expected cost is what it is and what changed it since a week ago. */
  breachCostExplanation,
  /** The open task whose completion removes the most expected cost; null when none would. */
  biggestReduction: z
    .object({
      catalogueId: z.string(),
      title: z.string(),
      /** USD removed from the expected cost. */
      amount: z.number().min(0),
    })
    .nullable(),
});
export type RiskAnalysisSummary = z.infer<typeof riskAnalysisSummary>;

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
export type DeleteOrganizationResponse = z.infer<typeof deleteOrganizationResponse>;

export const organizationEndpoints = {
  getOrganization: endpoint({
    method: 'GET',
    path: '/organization',
    access: 'user',
    response: { 200: organization },
    summary: 'The user’s organisation',
  }),
  deleteOrganization: endpoint({
    method: 'DELETE',
    path: '/organization',
    access: 'admin',
    response: { 200: deleteOrganizationResponse },
    summary: 'Delete the organisation (only on the product’s own domain)',
  }),
  completeRegistration: endpoint({
    method: 'POST',
    path: '/registration/complete',
    access: 'admin',
    response: { 200: completeRegistrationResponse },
    summary: 'End the organisation’s registration',
  }),
};
