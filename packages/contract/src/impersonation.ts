import { z } from 'zod';
import { userData } from './auth';
import { endpoint } from './endpoint';
import { ORGANIZATION_STATUSES, ROLES } from './vocabulary';

/**
 * `GET /api/impersonation/users?q=` (staff): users of every organisation, found by name, e-mail
 * or domain.
 */
export const impersonationSearchQuery = z.strictObject({
  q: z.string().trim().max(200).default(''),
});
export type ImpersonationSearchQuery = z.input<typeof impersonationSearchQuery>;

export const impersonationCandidate = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  companyDomain: z.string(),
  organizationStatus: z.enum(ORGANIZATION_STATUSES),
  staff: z.boolean(),
});
export type ImpersonationCandidate = z.infer<typeof impersonationCandidate>;

export const impersonationSearchResponse = z.object({ users: z.array(impersonationCandidate) });
export type ImpersonationSearchResponse = z.infer<typeof impersonationSearchResponse>;

/** `POST /api/impersonation` (staff): act as this user until logout. */
export const startImpersonationRequest = z.strictObject({
  userId: z.uuid({ message: 'must be a user id' }),
});
export type StartImpersonationRequest = z.input<typeof startImpersonationRequest>;

export const impersonationEndpoints = {
  searchImpersonationCandidates: endpoint({
    method: 'GET',
    path: '/impersonation/users',
    access: 'staff',
    query: impersonationSearchQuery,
    response: { 200: impersonationSearchResponse },
    summary: 'Users a staff member may act as',
  }),
  startImpersonation: endpoint({
    method: 'POST',
    path: '/impersonation',
    access: 'staff',
    body: startImpersonationRequest,
    response: { 200: userData },
    summary: 'Act as another user until logging out',
  }),
};
