import type { Task } from '@castellan/contract';
import type { Db } from '../../db/client';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { findWorkspace } from '../organizations/repository';
import { listMembersByName } from '../users/repository';
import { assignedTo, Completions, catalogueFor, parseTaskId, toTask } from './assignment';
import { CATALOGUE, catalogueById } from './catalogue';
import { EvidenceIndex, failureMessage, judge } from './evidence';
import { findCompletion, listTaskEvidence, recordCompletion } from './repository';

type Completer = {
  id: string;
  firstName: string;
  lastName: string;
  role: 'admin' | 'user';
};

/**
 * Marks a task done. A member completes their own tasks, any administrator the organisation's
 * Admin tasks. A task an automatic check judged is the check's to decide. Completing a done task
 * again changes nothing and answers the completion there is. `recorded` says whether this call
 * recorded it.
 *
 * Reads only what this one task needs: the assignee, the organisation's office suite and the
 * evidence about this task.
 */
export async function completeTask(
  db: Db,
  organizationId: string,
  user: Completer,
  taskId: string,
): Promise<{ task: Task; recorded: boolean }> {
  const { catalogueId, userId } = parseTaskId(taskId);
  const entry = catalogueById.get(catalogueId);
  const admin = entry?.scope === 'Admin';
  const [workspace, [assignee], evidence] = await Promise.all([
    findWorkspace(db, organizationId),
    listMembersByName(db, organizationId, userId),
    listTaskEvidence(db, organizationId, catalogueId, admin ? null : userId),
  ]);
  // Unknown tasks, other organisations' tasks and tasks nobody has look the same.
  if (
    !entry ||
    !assignee ||
    !assignedTo(catalogueFor(CATALOGUE, workspace), assignee).includes(entry)
  ) {
    throw new NotFoundError('No such task.');
  }
  if (admin ? user.role !== 'admin' : assignee.id !== user.id) {
    throw new ForbiddenError('You can only complete your own tasks.');
  }
  if (judge(evidence) === 'fail') throw new ConflictError(failureMessage(evidence));
  const checked = new Completions([], new EvidenceIndex(evidence)).of(entry, assignee);
  if (checked) return { task: toTask(entry, assignee, checked, evidence), recorded: false };

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
    return { task: toTask(entry, assignee, done ?? undefined, evidence), recorded: false };
  }
  const completedBy = `${user.firstName} ${user.lastName}`.trim() || null;
  return {
    task: toTask(
      entry,
      assignee,
      { catalogueId, userId: null, completedAt, completedBy },
      evidence,
    ),
    recorded: true,
  };
}
