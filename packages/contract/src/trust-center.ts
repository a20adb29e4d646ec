import { z } from 'zod';
import { isoDateTime } from './common';
import { endpoint } from './endpoint';
import { INTEGRATION_IDS } from './integrations';
import { practicesProblem } from './trust-practices';
import { GRADES } from './vocabulary';

export * from './trust-practices';

/** A company that handles customer data on Castellan's behalf (the SUBPROCESSORS setting). */
export const subprocessor = z.object({
  name: z.string(),
  purpose: z.string(),
  location: z.string(),
});
export type Subprocessor = z.infer<typeof subprocessor>;

/** What a connected integration reads, what it never reads, and what it may change. */
export const integrationAccess = z.object({
  id: z.enum(INTEGRATION_IDS),
  name: z.string(),
  reads: z.array(z.string()),
  cannotRead: z.array(z.string()),
  /** Changes it makes, and only when an administrator asks; empty when it only reads. */
  changes: z.array(z.string()),
  /** The OAuth scopes or permissions it asks the provider for, exactly as requested. */
  scopes: z.array(z.string()),
});
export type IntegrationAccess = z.infer<typeof integrationAccess>;

/** `GET /api/trust-center`: what Castellan's own trust page shows. */
export const trustCenterResponse = z.object({
  /** Where to report a vulnerability: a `mailto:` or `https:` URL. */
  securityContact: z.string(),
  sessions: z.object({ idleMinutes: z.number().int(), maxHours: z.number().int() }),
  integrations: z.array(integrationAccess),
  subprocessors: z.array(subprocessor),
  /** The latest finished scan of the product's own domain; null until one has finished. */
  productDomainReport: z
    .object({ domain: z.string(), grade: z.enum(GRADES), scannedAt: isoDateTime })
    .nullable(),
});
export type TrustCenterResponse = z.infer<typeof trustCenterResponse>;

/**
 * `GET /api/settings/trust-page`: the organisation's public trust page, as its admins set it.
 * Both grades stay hidden until an administrator chooses to show them.
 */
export const trustPageSettings = z.object({
  published: z.boolean(),
  showDomainReport: z.boolean(),
  showCyberScore: z.boolean(),
  practices: z.array(z.string()),
  /** The grades visitors would see now if shown: the domain report's is null without a real scan. */
  grades: z.object({ cyberScore: z.enum(GRADES), domainReport: z.enum(GRADES).nullable() }),
});
export type TrustPageSettings = z.infer<typeof trustPageSettings>;

/** What an administrator chooses for the page: everything but the grades it would show. */
export type TrustPageChoices = Omit<TrustPageSettings, 'grades'>;

export {
  LOWEST_GRADE_SHOWN_UNASKED,
  lowGradesToConfirm,
  needsConfirmationToShow,
} from './trust-practices';

/** `PUT /api/settings/trust-page`: practices are trimmed; see `practicesProblem` for the rules. */
export const updateTrustPageRequest = z
  .strictObject({
    published: z.boolean(),
    showDomainReport: z.boolean(),
    showCyberScore: z.boolean(),
    practices: z.array(z.string().max(2000, { message: 'is far too long for a practice' })),
    /** Needed to start showing a grade below C: the administrator confirmed what visitors will see. */
    confirmLowGrade: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    const problem = practicesProblem(value.practices, value.published);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['practices'] });
  })
  .transform((value) => ({ ...value, practices: value.practices.map((p) => p.trim()) }));
export type UpdateTrustPageRequest = z.input<typeof updateTrustPageRequest>;

/** `GET /api/trust-center/:domain`: any text; what is not a published page's domain is a 404. */
export const organizationTrustPageParams = z.strictObject({ domain: z.string() });

/** `GET /api/trust-center/:domain`: only what the organisation chose to show. */
export const organizationTrustPage = z.object({
  domain: z.string(),
  domainReport: z.object({ grade: z.enum(GRADES), scannedAt: isoDateTime }).nullable(),
  cyberScore: z.object({ grade: z.enum(GRADES) }).nullable(),
  practices: z.array(z.string()),
  updatedAt: isoDateTime,
});
export type OrganizationTrustPage = z.infer<typeof organizationTrustPage>;

/** The one answer for an unknown, unpublished or malformed domain: no way to tell them apart. */
export const NO_TRUST_PAGE = 'No trust page is published for this domain.';

export const trustCenterEndpoints = {
  getTrustCenter: endpoint({
    method: 'GET',
    path: '/trust-center',
    access: 'public',
    response: { 200: trustCenterResponse },
    summary: 'How Castellan protects customer data, its subprocessors and security contact',
  }),
  getOrganizationTrustPage: endpoint({
    method: 'GET',
    path: '/trust-center/:domain',
    access: 'public',
    params: organizationTrustPageParams,
    response: { 200: organizationTrustPage },
    summary: 'The trust page an organisation published (the same 404 for any other domain)',
  }),
  getTrustPageSettings: endpoint({
    method: 'GET',
    path: '/settings/trust-page',
    access: 'admin',
    response: { 200: trustPageSettings },
    summary: 'The organisation’s public trust page: published or not, and what it shows',
  }),
  updateTrustPageSettings: endpoint({
    method: 'PUT',
    path: '/settings/trust-page',
    access: 'admin',
    body: updateTrustPageRequest,
    response: { 200: trustPageSettings },
    summary: 'Publish or unpublish the organisation’s trust page, and choose what it shows',
  }),
};
