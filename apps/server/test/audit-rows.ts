import { eq } from 'drizzle-orm';
import { auditEvents } from '../src/db/schema';
import type { TestApp } from './test-app';

/** The audit records of one action, oldest first. */
export const auditRows = (server: () => TestApp, action: string) =>
  server()
    .database.db.select({
      organizationId: auditEvents.organizationId,
      actorEmail: auditEvents.actorEmail,
      actorUserId: auditEvents.actorUserId,
      subjectEmail: auditEvents.subjectEmail,
      details: auditEvents.details,
    })
    .from(auditEvents)
    .where(eq(auditEvents.action, action))
    .orderBy(auditEvents.createdAt);
