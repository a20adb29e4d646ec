import type { AppSuite } from '@castellan/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { approvedApps, users } from '../../db/schema';

/** Every query of the approved apps; each filters by the organisation it is given. */

export type ApprovedAppRow = {
  suite: AppSuite;
  clientId: string;
  /** E-mail of who approved it; null once they are gone. */
  approvedBy: string | null;
  approvedAt: Date;
  note: string | null;
};

export async function listApprovedApps(db: Db, organizationId: string): Promise<ApprovedAppRow[]> {
  return db
    .select({
      suite: approvedApps.suite,
      clientId: approvedApps.clientId,
      approvedBy: users.email,
      approvedAt: approvedApps.approvedAt,
      note: approvedApps.note,
    })
    .from(approvedApps)
    .leftJoin(users, eq(users.id, approvedApps.approvedById))
    .where(eq(approvedApps.organizationId, organizationId));
}

/** The client ids approved in one suite. */
export async function listApprovedClientIds(
  db: Db,
  organizationId: string,
  suite: AppSuite,
): Promise<string[]> {
  const rows = await db
    .select({ clientId: approvedApps.clientId })
    .from(approvedApps)
    .where(and(eq(approvedApps.organizationId, organizationId), eq(approvedApps.suite, suite)));
  return rows.map((r) => r.clientId);
}

/** Approves an app, or replaces the note and approver of one approved already. */
export async function upsertApprovedApp(
  db: Db,
  organizationId: string,
  app: { suite: AppSuite; clientId: string; approvedById: string; note: string | null },
): Promise<void> {
  const decided = { approvedById: app.approvedById, approvedAt: new Date(), note: app.note };
  await db
    .insert(approvedApps)
    .values({ organizationId, suite: app.suite, clientId: app.clientId, ...decided })
    .onConflictDoUpdate({
      target: [approvedApps.organizationId, approvedApps.suite, approvedApps.clientId],
      set: decided,
    });
}

/** Takes an app off the list; false when it was not on it. */
export async function deleteApprovedApp(
  db: Db,
  organizationId: string,
  app: { suite: AppSuite; clientId: string },
): Promise<boolean> {
  const rows = await db
    .delete(approvedApps)
    .where(
      and(
        eq(approvedApps.organizationId, organizationId),
        eq(approvedApps.suite, app.suite),
        eq(approvedApps.clientId, app.clientId),
      ),
    )
    .returning({ id: approvedApps.id });
  return rows.length > 0;
}
