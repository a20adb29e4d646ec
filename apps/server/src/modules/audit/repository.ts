import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema';

export type AuditEvent = {
  action: string;
  organizationId: string | null;
  actor: { id: string; email: string };
  subject?: { id: string; email: string } | null;
  details?: Record<string, unknown>;
};

/** Appends one security-relevant event; the record keeps the e-mails, as users may be deleted. */
export async function recordAuditEvent(db: Db, event: AuditEvent): Promise<void> {
  await db.insert(auditEvents).values({
    organizationId: event.organizationId,
    action: event.action,
    actorUserId: event.actor.id,
    actorEmail: event.actor.email,
    subjectUserId: event.subject?.id ?? null,
    subjectEmail: event.subject?.email ?? null,
    details: event.details ?? null,
  });
}
