import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema';
import type { AuditActor, Person } from './actor';

export type AuditEvent = {
  action: string;
  organizationId: string | null;
  actor: AuditActor;
  subject?: Person | null;
  details?: Record<string, unknown>;
};

/** Appends one security-relevant event; the record keeps the e-mails, as users may be deleted. */
export async function recordAuditEvent(db: Db, event: AuditEvent): Promise<void> {
  const { actor } = event;
  const named = {
    ...(actor.actingAs ? { impersonatedUser: actor.actingAs } : {}),
    ...(actor.partner ? { partner: actor.partner } : {}),
  };
  const details =
    Object.keys(named).length > 0 ? { ...event.details, ...named } : (event.details ?? null);
  await db.insert(auditEvents).values({
    organizationId: event.organizationId,
    action: event.action,
    actorUserId: actor.id,
    actorEmail: actor.email,
    subjectUserId: event.subject?.id ?? null,
    subjectEmail: event.subject?.email ?? null,
    details,
  });
}
