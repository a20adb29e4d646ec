import type { Task } from '@castellan/contract';
import type { Db } from '../../db/client';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { findCatalogueScope } from '../organizations/repository';
import { countMembers, listMembersByName } from '../users/repository';
import {
  assignedTo,
  Completions,
  catalogueFor,
  type Member,
  parseTaskId,
  toTask,
} from './assignment';
import { insertAttestation } from './attestations/repository';
import { CATALOGUE, catalogueById } from './catalogue';
import type { CatalogueTask } from './catalogue/types';
import { EvidenceIndex, failureMessage, judge } from './evidence';
import {
  findCompletion,
  listTaskEvidence,
  recordCompletion,
  recordManualTaskChange,
} from './repository';
import { taskValues } from './task-value';

export type Completer = {
  id: string;
  firstName: string;
  lastName: string;
  role: 'admin' | 'user';
};

/**
 * The catalogue entry and assignee of a task id of the organisation. Unknown tasks, other
 * organisations' tasks and tasks nobody has all answer 404 alike.
 */
export async function findAssignedTask(
  db: Db,
  organizationId: string,
  taskId: string,
): Promise<{ entry: CatalogueTask; assignee: Member; catalogue: readonly CatalogueTask[] }> {
  const { catalogueId, userId } = parseTaskId(taskId);
  const entry = catalogueById.get(catalogueId);
  const [scope, [assignee]] = await Promise.all([
    findCatalogueScope(db, organizationId),
    listMembersByName(db, organizationId, userId),
  ]);
  const catalogue = catalogueFor(CATALOGUE, scope.workspace, scope.connected);
  if (!entry || !assignee || !assignedTo(catalogue, assignee).includes(entry)) {
    throw new NotFoundError('No such task.');
  }
  return { entry, assignee, catalogue };
}

/** A member acts on their own tasks, any administrator on the organisation's Admin tasks. */
export const mayAct = (user: Completer, entry: CatalogueTask, assignee: Member) =>
  entry.scope === 'Admin' ? user.role === 'admin' : assignee.id === user.id;

/** What a person showed when marking a task done: a note, a file (an attachment's id). */
export type AttestationDetail = { note: string | null; attachmentId: string | null };

/**
 * Marks a task done. A member completes their own tasks, any administrator the organisation's
 * Admin tasks. A task an automatic check judged is the check's to decide. Completing a done task
 * again changes nothing and answers the completion there is. `recorded` says whether this call
 * recorded it; when it did, the task's trail gets an attestation with `detail`.
 *
 * Reads only what this one task needs: the assignee, the organisation's office suite and the
 * evidence about this task.
 */
export async function completeTask(
  db: Db,
  organizationId: string,
  user: Completer,
  taskId: string,
  detail: AttestationDetail = { note: null, attachmentId: null },
): Promise<{ task: Task; recorded: boolean }> {
  const { catalogueId, userId } = parseTaskId(taskId);
  const admin = catalogueById.get(catalogueId)?.scope === 'Admin';
  const [{ entry, assignee, catalogue }, evidence, { members }] = await Promise.all([
    findAssignedTask(db, organizationId, taskId),
    listTaskEvidence(db, organizationId, catalogueId, admin ? null : userId),
    countMembers(db, organizationId),
  ]);
  if (!mayAct(user, entry, assignee)) {
    throw new ForbiddenError('You can only complete your own tasks.');
  }
  if (judge(evidence) === 'fail') throw new ConflictError(failureMessage(evidence));
  const value = taskValues(catalogue, members)(entry);
  const checked = new Completions([], new EvidenceIndex(evidence)).of(entry, assignee);
  if (checked) return { task: toTask(entry, assignee, value, checked, evidence), recorded: false };

  const owner = admin ? null : assignee.id;
  const completedAt = await recordCompletion(db, {
    organizationId,
    catalogueId,
    catalogueVersion: entry.version,
    userId: owner,
    completedById: user.id,
  });
  if (!completedAt) {
    // Done already, maybe by someone else in the meantime: answer with that completion.
    const done = await findCompletion(db, organizationId, catalogueId, owner);
    return { task: toTask(entry, assignee, value, done ?? undefined, evidence), recorded: false };
  }
  await Promise.all([
    recordManualTaskChange(db, organizationId, {
      catalogueId,
      userId: owner,
      done: true,
      changedById: user.id,
    }),
    insertAttestation(
      db,
      organizationId,
      { catalogueId, userId: owner },
      {
        attestedById: user.id,
        ...detail,
      },
    ),
  ]);
  const completedBy = `${user.firstName} ${user.lastName}`.trim() || null;
  return {
    task: toTask(
      entry,
      assignee,
      value,
      { catalogueId, userId: null, completedAt, completedBy },
      evidence,
    ),
    recorded: true,
  };
}
