import { createHash } from 'node:crypto';
import type {
  Attachment,
  AttestationsResponse,
  AttestRequest,
  ReattestMonths,
} from '@castellan/contract';
import type { Db } from '../../../db/client';
import { BadRequestError, NotFoundError } from '../../../lib/errors';
import type { Member } from '../assignment';
import type { CatalogueTask } from '../catalogue/types';
import { type Completer, completeTask, findAssignedTask, mayAct } from '../complete-task';
import { findCompletion, reopenLapsedAttestations } from '../repository';
import { type AttachmentStore, attachmentKey } from './attachment-store';
import {
  type AttachmentRow,
  deleteAttachment,
  deleteAttachmentPurges,
  deleteUnusedAttachments,
  findAttachment,
  findReattestMonths,
  insertAttachment,
  insertAttestation,
  listAttachmentPurges,
  listAttestations,
  saveReattestMonths,
  type TaskKey,
} from './repository';
import { checkUpload, fileNameOf } from './upload';

const toAttachment = (row: Pick<AttachmentRow, 'id' | 'name' | 'contentType' | 'size'>) => ({
  id: row.id,
  name: row.name,
  contentType: row.contentType,
  size: row.size,
});

/** Keeps a file a member attaches to an attestation: checked, recorded, then stored. */
export async function uploadAttachment(
  db: Db,
  store: AttachmentStore,
  organizationId: string,
  user: Pick<Completer, 'id'>,
  file: { bytes: Buffer; type: string; name: string | undefined },
): Promise<Attachment> {
  const contentType = checkUpload(file.bytes, file.type);
  const row = await insertAttachment(db, {
    organizationId,
    name: fileNameOf(file.name, contentType),
    contentType,
    size: file.bytes.length,
    sha256: createHash('sha256').update(file.bytes).digest('hex'),
    store: store.kind,
    uploadedById: user.id,
  });
  try {
    await store.put(attachmentKey(organizationId, row.id), file.bytes, contentType);
  } catch (err) {
    await deleteAttachment(db, organizationId, row.id);
    throw err;
  }
  return toAttachment(row);
}

/** One of the organisation's files, with its bytes; any other id is not found. */
export async function readAttachment(
  db: Db,
  store: AttachmentStore,
  organizationId: string,
  id: string,
): Promise<{ attachment: Attachment; bytes: Buffer }> {
  const row = await findAttachment(db, organizationId, id);
  const bytes = row && (await store.get(attachmentKey(organizationId, row.id)));
  if (!row || !bytes) throw new NotFoundError('No such file.');
  return { attachment: toAttachment(row), bytes };
}

/** The task of an id that the user may see: their own, or (administrators) any. */
async function visibleTask(db: Db, organizationId: string, user: Completer, taskId: string) {
  const found = await findAssignedTask(db, organizationId, taskId);
  if (user.role !== 'admin' && found.assignee.id !== user.id) {
    throw new NotFoundError('No such task.');
  }
  return found;
}

const keyOf = (entry: CatalogueTask, assignee: Member): TaskKey => ({
  catalogueId: entry.id,
  userId: entry.scope === 'Admin' ? null : assignee.id,
});

const addMonths = (at: Date, months: number) => {
  const next = new Date(at);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
};

async function trailOf(
  db: Db,
  organizationId: string,
  key: TaskKey,
): Promise<AttestationsResponse> {
  const [rows, months, completion] = await Promise.all([
    listAttestations(db, organizationId, key),
    findReattestMonths(db, organizationId, key.catalogueId),
    findCompletion(db, organizationId, key.catalogueId, key.userId),
  ]);
  const trail = rows.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    by: r.by,
    note: r.note,
    attachment: r.attachment ? toAttachment(r.attachment) : null,
  }));
  // Only a task marked done by hand lapses; its clock runs from the latest attestation.
  const since = [completion?.completedAt, rows[0]?.at]
    .filter((d): d is Date => d instanceof Date)
    .sort((a, b) => b.getTime() - a.getTime())[0];
  return {
    trail,
    reattestMonths: (months as ReattestMonths | null) ?? null,
    reattestBy:
      months !== null && completion && since ? addMonths(since, months).toISOString() : null,
  };
}

/** `GET /api/tasks/attestations`: a task's trail and re-attestation period. */
export async function attestationsOf(
  db: Db,
  organizationId: string,
  user: Completer,
  taskId: string,
): Promise<AttestationsResponse> {
  const { entry, assignee } = await visibleTask(db, organizationId, user, taskId);
  return trailOf(db, organizationId, keyOf(entry, assignee));
}

/**
 * `POST /api/tasks/attest`: marks the task done with a note or a file, or, when it is done
 * already, attests it again (which restarts its re-attestation period).
 */
export async function attestTask(
  db: Db,
  organizationId: string,
  user: Completer,
  request: AttestRequest,
): Promise<AttestationsResponse> {
  const note = request.note?.trim() || null;
  const attachmentId = request.attachmentId ?? null;
  if (attachmentId) {
    const file = await findAttachment(db, organizationId, attachmentId);
    if (!file || file.uploadedById !== user.id) throw new BadRequestError('No such file.');
  }
  const { entry, assignee } = await findAssignedTask(db, organizationId, request.taskId);
  if (!mayAct(user, entry, assignee)) {
    throw new NotFoundError('No such task.');
  }
  const key = keyOf(entry, assignee);
  const { recorded } = await completeTask(db, organizationId, user, request.taskId, {
    note,
    attachmentId,
  });
  if (!recorded) {
    await insertAttestation(db, organizationId, key, { attestedById: user.id, note, attachmentId });
  }
  return trailOf(db, organizationId, key);
}

/** `PUT /api/tasks/reattestation` (administrators): the task's re-attestation period. */
export async function setReattestation(
  db: Db,
  organizationId: string,
  admin: Completer,
  taskId: string,
  months: ReattestMonths | null,
): Promise<AttestationsResponse> {
  const { entry, assignee } = await findAssignedTask(db, organizationId, taskId);
  await saveReattestMonths(db, organizationId, entry.id, months, admin.id);
  return trailOf(db, organizationId, keyOf(entry, assignee));
}

/**
 * Opens again, across organisations, each task marked done by hand whose latest attestation is
 * older than the period an administrator asked for. Answers how many.
 */
export const reopenLapsedTasks = (db: Db, now: Date) => reopenLapsedAttestations(db, now);

/** An upload no attestation names after this long is removed. */
export const UNUSED_ATTACHMENT_HOURS = 24;
const PURGE_BATCH = 500;

/**
 * Removes files nobody attached within a day, then the bytes of every deleted file (of deleted
 * organisations too) from the store. Answers how many files' bytes went.
 */
export async function purgeAttachments(
  db: Db,
  store: AttachmentStore,
  now: Date,
  signal?: AbortSignal,
): Promise<{ unused: number; purged: number }> {
  const unused = await deleteUnusedAttachments(
    db,
    new Date(now.getTime() - UNUSED_ATTACHMENT_HOURS * 3_600_000),
  );
  let purged = 0;
  for (;;) {
    signal?.throwIfAborted();
    // A file kept by the other store (before the configuration changed) waits for that store.
    const batch = await listAttachmentPurges(db, store.kind, PURGE_BATCH);
    if (batch.length === 0) break;
    for (const p of batch) await store.delete(attachmentKey(p.organizationId, p.attachmentId));
    await deleteAttachmentPurges(
      db,
      batch.map((p) => p.attachmentId),
    );
    purged += batch.length;
    if (batch.length < PURGE_BATCH) break;
  }
  return { unused, purged };
}
