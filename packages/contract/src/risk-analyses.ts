import { z } from 'zod';
import { attackGraphResponse } from './attack-graph';
import { isoDateTime } from './common';
import { endpoint } from './endpoint';
import { scanReport } from './risk-analysis';
import { GRADES } from './vocabulary';

export const SCAN_STATES = ['running', 'done', 'failed'] as const;

/** One scan of a domain, as it runs and once it has finished. */
export const domainScan = z.object({
  id: z.uuid(),
  domain: z.string(),
  state: z.enum(SCAN_STATES),
  checksDone: z.number().int().min(0),
  checksTotal: z.number().int().min(0),
  startedAt: isoDateTime,
  finishedAt: isoDateTime.nullable(),
  /** Why the scan failed, in plain language. */
  error: z.string().nullable(),
  report: scanReport.nullable(),
  /** A stored sample shown to the demo organisation, not a scan of its domain. */
  sample: z.boolean(),
});
export type DomainScan = z.infer<typeof domainScan>;

/**
 * `POST /api/risk-analysis/public`: scan any public domain, or get the recent scan of it. The
 * server turns what was typed into a host name (`parsePublicDomain`) and explains a refusal.
 */
const typedDomain = z.string().max(300, { message: 'is too long for a domain name' });
export const publicScanRequest = z.strictObject({ domain: typedDomain });
export type PublicScanRequest = z.input<typeof publicScanRequest>;
/** `GET /api/risk-analysis/public/:domain`: the recent scan of a domain. */
export const publicScanParams = z.strictObject({ domain: typedDomain });
export type PublicScanParams = z.input<typeof publicScanParams>;
export const domainScanResponse = z.object({ scan: domainScan });
export type DomainScanResponse = z.infer<typeof domainScanResponse>;

/**
 * `GET /api/risk-analysis`: the organisation's latest scan (its stored sample, `sample: true`, until
 * it has a scan of its own) and the score of each of its own finished scans.
 */
export const organizationAnalysisResponse = z.object({
  domain: z.string(),
  latest: domainScan.nullable(),
  history: z.array(
    z.object({
      id: z.uuid(),
      finishedAt: isoDateTime,
      score: z.number().int().nullable(),
      grade: z.enum(GRADES).nullable(),
    }),
  ),
});
export type OrganizationAnalysisResponse = z.infer<typeof organizationAnalysisResponse>;

/** `POST /api/registration/complete`: the admin finishes registering the organisation. */
export const completeRegistrationResponse = z.object({ status: z.literal('REGISTERED') });
export type CompleteRegistrationResponse = z.infer<typeof completeRegistrationResponse>;

export const riskAnalysesEndpoints = {
  startPublicScan: endpoint({
    method: 'POST',
    path: '/risk-analysis/public',
    access: 'public',
    body: publicScanRequest,
    response: { 200: domainScanResponse },
    summary: 'Scan any domain, or find a recent scan of it',
  }),
  getPublicScan: endpoint({
    method: 'GET',
    path: '/risk-analysis/public/:domain',
    access: 'public',
    params: publicScanParams,
    response: { 200: domainScanResponse },
    summary: 'The recent public report of a domain',
  }),
  getRiskAnalysis: endpoint({
    method: 'GET',
    path: '/risk-analysis',
    access: 'user',
    response: { 200: organizationAnalysisResponse },
    summary: 'The organisation’s own risk analysis',
  }),
  getAttackGraph: endpoint({
    method: 'GET',
    path: '/risk-analysis/attack-graph',
    access: 'admin',
    response: { 200: attackGraphResponse },
    summary: 'How an attacker would get in: entry points, steps, assets, impacts and paths',
  }),
  startOrganizationScan: endpoint({
    method: 'POST',
    path: '/risk-analysis',
    access: 'admin',
    response: { 202: domainScanResponse },
    summary: 'Scan the organisation’s domain again',
  }),
};
