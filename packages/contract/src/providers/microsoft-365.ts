import { z } from 'zod';
import { endpoint } from '../endpoint';
import { staleUser } from '../integrations';
import { providerPath } from '../providers';

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

export const microsoft365Endpoints = {
  getMicrosoftSummary: endpoint({
    method: 'GET',
    path: providerPath('m365', 'summary'),
    access: 'admin',
    response: { 200: microsoftSummaryResponse },
    summary: 'What the last Microsoft 365 sync read: administrators, unused accounts, MFA',
  }),
};
