import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { auditActor } from './actor';
import { recordAuditEvent } from './repository';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET route that changes something (opens a Stripe session, finishes a connect flow). */
    changesState?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every change a staff member makes while impersonating is audited in one place, whatever the
 * route: as done by the staff member, naming the impersonated user, with the route, its
 * parameters (ids, never bodies) and the answer's status. Routes that record an event of their
 * own (a member removed) keep it too; this one is the record that cannot be forgotten.
 */
export function registerImpersonationAudit(app: FastifyInstance, db: Db): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const session = request.session;
    const route = request.routeOptions.url;
    if (!session?.impersonator || route === undefined) return payload;
    if (SAFE_METHODS.has(request.method) && !request.routeOptions.config.changesState) {
      return payload;
    }
    try {
      await recordAuditEvent(db, {
        action: 'impersonation.request',
        organizationId: session.organization.id,
        actor: auditActor(session),
        subject: session.user,
        details: {
          method: request.method,
          route,
          params: request.params ?? {},
          status: reply.statusCode,
        },
      });
    } catch (err) {
      request.log.error({ err, route }, 'could not audit a request made while impersonating');
    }
    return payload;
  });
}
