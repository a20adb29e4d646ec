import type { AttachmentType } from '@castellan/contract';
import { and, desc, eq, inArray, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  attachmentPurges,
  attachments,
  taskAttestations,
  taskReattestation,
  users,
} from '../../../db/schema';
import { nameOf } from '../repository';

/** Every query of attachments, attestations and re-attestation periods, per organisation. */

export type AttachmentRow = typeof attachments.$inferSelect;

export async function insertAttachment(
  db: Db,
  row: {
    organizationId: string;
    name: string;
    contentType: AttachmentType;
    size: number;
    sha256: string;
    store: 'local' | 's3';
    uploadedById: string;
  },
): Promise<AttachmentRow> {
  const [inserted] = await db.insert(attachments).values(row).returning();
  if (!inserted) throw new Error('the attachment was not recorded');
  return inserted;
}

export async function deleteAttachment(db: Db, organizationId: string, id: string) {
  await db
    .delete(attachments)
    .where(and(eq(attachments.organizationId, organizationId), eq(attachments.id, id)));
}

/** One of the organisation's attachments; another organisation's is not found. */
export async function findAttachment(
  db: Db,
  organizationId: string,
  id: string,
): Promise<AttachmentRow | null> {
  const [row] = await db
    .select()
    .from(attachments)
    .where(and(eq(attachments.organizationId, organizationId), eq(attachments.id, id)))
    .limit(1);
  return row ?? null;
}

/** A task: the catalogue entry, and its owner (null for an Admin task). */
export type TaskKey = { catalogueId: string; userId: string | null };

const ofTask = (organizationId: string, task: TaskKey) =>
  and(
    eq(taskAttestations.organizationId, organizationId),
    eq(taskAttestations.catalogueId, task.catalogueId),
    task.userId === null
      ? isNull(taskAttestations.userId)
      : eq(taskAttestations.userId, task.userId),
  );

export async function insertAttestation(
  db: Db,
  organizationId: string,
  task: TaskKey,
  by: { attestedById: string; note: string | null; attachmentId: string | null },
): Promise<void> {
  await db.insert(taskAttestations).values({ organizationId, ...task, ...by });
}

/** A task's trail, latest first, with who attested and the file they showed. */
export async function listAttestations(db: Db, organizationId: string, task: TaskKey) {
  return db
    .select({
      id: taskAttestations.id,
      at: taskAttestations.attestedAt,
      by: nameOf(users),
      note: taskAttestations.note,
      attachment: {
        id: attachments.id,
        name: attachments.name,
        contentType: attachments.contentType,
        size: attachments.size,
      },
    })
    .from(taskAttestations)
    .leftJoin(users, eq(users.id, taskAttestations.attestedById))
    .leftJoin(attachments, eq(attachments.id, taskAttestations.attachmentId))
    .where(ofTask(organizationId, task))
    .orderBy(desc(taskAttestations.attestedAt), desc(taskAttestations.id));
}

/** The latest attestation of each task of the organisation that has one. */
export async function listLatestAttestations(db: Db, organizationId: string) {
  return db
    .select({
      catalogueId: taskAttestations.catalogueId,
      userId: taskAttestations.userId,
      at: sql<Date>`max(${taskAttestations.attestedAt})`.mapWith((v: string | Date) => new Date(v)),
    })
    .from(taskAttestations)
    .where(eq(taskAttestations.organizationId, organizationId))
    .groupBy(taskAttestations.catalogueId, taskAttestations.userId);
}

export async function findReattestMonths(
  db: Db,
  organizationId: string,
  catalogueId: string,
): Promise<number | null> {
  const [row] = await db
    .select({ months: taskReattestation.months })
    .from(taskReattestation)
    .where(
      and(
        eq(taskReattestation.organizationId, organizationId),
        eq(taskReattestation.catalogueId, catalogueId),
      ),
    );
  return row?.months ?? null;
}

export async function saveReattestMonths(
  db: Db,
  organizationId: string,
  catalogueId: string,
  months: number | null,
  changedById: string,
): Promise<void> {
  if (months === null) {
    await db
      .delete(taskReattestation)
      .where(
        and(
          eq(taskReattestation.organizationId, organizationId),
          eq(taskReattestation.catalogueId, catalogueId),
        ),
      );
    return;
  }
  await db
    .insert(taskReattestation)
    .values({ organizationId, catalogueId, months, changedById })
    .onConflictDoUpdate({
      target: [taskReattestation.organizationId, taskReattestation.catalogueId],
      set: { months, changedById, changedAt: new Date() },
    });
}

/** Deletes files uploaded before `before` that no attestation names (their bytes are queued). */
export async function deleteUnusedAttachments(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(attachments)
    .where(
      and(
        lt(attachments.uploadedAt, before),
        notExists(
          db
            .select({ one: sql`1` })
            .from(taskAttestations)
            .where(eq(taskAttestations.attachmentId, attachments.id)),
        ),
      ),
    )
    .returning({ id: attachments.id });
  return rows.length;
}

/** Files of one store whose bytes are still to be removed, oldest first. */
export async function listAttachmentPurges(db: Db, store: 'local' | 's3', limit: number) {
  return db
    .select()
    .from(attachmentPurges)
    .where(eq(attachmentPurges.store, store))
    .orderBy(attachmentPurges.deletedAt)
    .limit(limit);
}

export async function deleteAttachmentPurges(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(attachmentPurges).where(inArray(attachmentPurges.attachmentId, [...ids]));
}
