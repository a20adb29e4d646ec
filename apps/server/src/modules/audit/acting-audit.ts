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
 * Every change made by someone acting for another is audited in one place, whatever the route: a
 * staff member impersonating a user (as the staff member, naming the user), or a partner's
 * administrator working in a client (in the client's log, naming the partner). Each record has
 * the route, its parameters (ids, never bodies) and the answer's status. Routes that record an
 * event of their own (a member removed) keep it too; this one is the record that cannot be
 * forgotten.
 */
export function registerActingAudit(app: FastifyInstance, db: Db): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const session = request.session;
    const route = request.routeOptions.url;
    if ((!session?.impersonator && !session?.partner) || route === undefined) return payload;
    if (SAFE_METHODS.has(request.method) && !request.routeOptions.config.changesState) {
      return payload;
    }
    try {
      await recordAuditEvent(db, {
        action: session.impersonator ? 'impersonation.request' : 'partner.request',
        organizationId: session.organization.id,
        actor: auditActor(session),
        subject: session.impersonator ? session.user : null,
        details: {
          method: request.method,
          route,
          params: request.params ?? {},
          status: reply.statusCode,
        },
      });
    } catch (err) {
      request.log.error({ err, route }, 'could not audit a request made for someone else');
    }
    return payload;
  });
}
