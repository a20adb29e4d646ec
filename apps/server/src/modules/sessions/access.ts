import { endpoints, PARTNER_READ_ONLY } from '@castellan/contract';
import type { FastifyInstance } from 'fastify';
import { ForbiddenError } from '../../lib/errors';
import type { ActiveSession } from './repository';

export function requireAdmin(session: ActiveSession): void {
  if (session.user.role !== 'admin') {
    throw new ForbiddenError('Only administrators of your organisation can do this.');
  }
}

/** Staff of the product; a staff member acting as someone else has that user's rights instead. */
export function requireStaff(session: ActiveSession): void {
  if (!session.user.isStaff) throw new ForbiddenError('Only Castellan staff can do this.');
}

/** What a read-only partner may still send: switching between clients and its own organisation. */
const PARTNER_MOVES = new Set(
  [endpoints.openPartnerClient, endpoints.closePartnerClient, endpoints.logout].map(
    (e) => `${e.method} /api${e.path}`,
  ),
);

/** What only a client's own administrators do, whatever a partner's role: delete it. */
const OWNERS_ONLY = new Set([
  `${endpoints.deleteOrganization.method} /api${endpoints.deleteOrganization.path}`,
]);

/**
 * A partner whose link is read-only looks at a client and changes nothing there, whatever the
 * route (`route` as Fastify names it, `/api/...`); no partner deletes a client.
 */
export function refuseReadOnlyPartner(
  session: ActiveSession | null,
  method: string,
  route: string,
): void {
  if (!session?.partner || method === 'GET' || method === 'HEAD') return;
  const call = `${method} ${route}`;
  if (OWNERS_ONLY.has(call)) {
    throw new ForbiddenError(
      `Only the administrators of ${session.organization.domain} can delete it.`,
    );
  }
  if (session.partner.role !== 'viewer' || PARTNER_MOVES.has(call)) return;
  throw new ForbiddenError(PARTNER_READ_ONLY);
}

/** The read-only partner rule on every route, declared or not (uploads, redirects). */
export function registerPartnerReadOnly(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const route = request.routeOptions.url;
    if (route !== undefined) refuseReadOnlyPartner(request.session, request.method, route);
  });
}
