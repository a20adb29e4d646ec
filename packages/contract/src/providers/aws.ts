import { z } from 'zod';
import { endpoint } from '../endpoint';
import { providerPath } from '../providers';

// ── AWS account findings (integrations-reference-2 §4) ──────────────────────────────────────────

export const awsFindings = z.object({
  /** The 12-digit account the key opens; null before the first sync. */
  accountId: z.string().nullable(),
  /** When the last sync read the account (ISO); null before one. */
  checkedAt: z.string().nullable(),
  /** IAM users who sign in to the console with a password and no MFA. */
  usersWithoutMfa: z.array(z.object({ name: z.string(), passwordLastUsed: z.string().nullable() })),
  /** Active access keys older than 90 days. */
  oldAccessKeys: z.array(
    z.object({
      user: z.string(),
      ageDays: z.number().int(),
      lastUsed: z.string().nullable(),
    }),
  ),
  trails: z.array(
    z.object({
      name: z.string(),
      homeRegion: z.string().nullable(),
      multiRegion: z.boolean(),
      logging: z.boolean(),
    }),
  ),
});
export type AwsFindings = z.infer<typeof awsFindings>;

export const awsEndpoints = {
  getAwsFindings: endpoint({
    method: 'GET',
    path: providerPath('aws', 'findings'),
    access: 'admin',
    response: { 200: awsFindings },
    summary: 'What the last AWS sync found: IAM users without MFA, old access keys, trails',
  }),
};
