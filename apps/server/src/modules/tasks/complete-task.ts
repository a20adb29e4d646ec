import type { Task } from '@castellan/contract';
import type { Db } from '../../db/client';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { findWorkspace } from '../organizations/repository';
import { latestScanVerdicts } from '../risk-analysis/service';
import { listMembersByName } from '../users/repository';
import { assignedTo, Completions, catalogueFor, parseTaskId, toTask } from './assignment';
import { CATALOGUE, catalogueById } from './catalogue';
import { findCompletion, recordCompletion } from './repository';

type Completer = {
  id: string;
  firstName: string;
  lastName: string;
  role: 'admin' | 'user';
};

/**
 * Marks a task done. A member completes their own tasks, any administrator the organisation's
 * Admin tasks. An Admin task the latest domain scan judged is the scan's to decide. Completing a
 * done task again changes nothing and answers the completion there is. `recorded` says whether
 * this call recorded it.
 *
 * Reads only what this one task needs: the assignee, the organisation's office suite and, for
 * an Admin task, the scan's verdicts.
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
  const [workspace, [assignee], scan] = await Promise.all([
    findWorkspace(db, organizationId),
    listMembersByName(db, organizationId, userId),
    admin ? latestScanVerdicts(db, organizationId) : null,
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
  const byScan = new Completions([], scan);
  if (byScan.scanVerdict(entry) === 'fail') {
    throw new ConflictError(
      'The latest scan of your domain found this is not done yet. Fix it, then run the risk analysis again.',
    );
  }
  const scanned = byScan.of(entry, assignee);
  if (scanned) return { task: toTask(entry, assignee, scanned), recorded: false };

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
    return { task: toTask(entry, assignee, done ?? undefined), recorded: false };
  }
  const completedBy = `${user.firstName} ${user.lastName}`.trim() || null;
  return {
    task: toTask(entry, assignee, { catalogueId, userId: null, completedAt, completedBy }),
    recorded: true,
  };
}
