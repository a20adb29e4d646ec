import type { Task } from '@castellan/contract';
import type { Db } from '../../db/client';
import { ForbiddenError } from '../../lib/errors';
import type { AuditActor } from '../audit/actor';
import { recordAuditEvent } from '../audit/repository';
import { type Member, toTask } from './assignment';
import { catalogueById } from './catalogue';
import type { CatalogueTask } from './catalogue/types';
import { type Completer, findAssignedTask, mayAct } from './complete-task';
import { loadProgress } from './service';
import {
  deleteNotApplicable,
  deleteSnooze,
  saveEscalation,
  saveNotApplicable,
  saveSnooze,
} from './states/repository';
import { taskValues } from './task-value';

/**
 * Marking tasks not applicable (administrators only, for the whole organisation, Individual tasks
 * included) and snoozing them (whoever completes them). Each answers the task as it now stands.
 */

const DAY_MS = 86_400_000;

/** One task as it stands at `now`. */
async function taskNow(
  db: Db,
  organizationId: string,
  entry: CatalogueTask,
  assignee: Member,
  now: Date,
): Promise<Task> {
  const { catalogue, memberCount, completions, states } = await loadProgress(
    db,
    organizationId,
    assignee.id,
    new Set([entry.id]),
    now,
  );
  return toTask(
    entry,
    assignee,
    taskValues(states.applicable(catalogue), memberCount)(entry),
    completions.of(entry, assignee),
    completions.evidenceOf(entry, assignee),
    states.of(entry, assignee),
  );
}

type Actor = Completer & { audit: AuditActor };

async function adminTask(db: Db, organizationId: string, user: Actor, taskId: string) {
  const found = await findAssignedTask(db, organizationId, taskId);
  if (user.role !== 'admin') {
    throw new ForbiddenError('Only an administrator can change whether a task applies.');
  }
  return found;
}

/** Marks a task not applicable to the organisation, with why; audited. */
export async function markNotApplicable(
  db: Db,
  organizationId: string,
  user: Actor,
  taskId: string,
  reason: string,
  now = new Date(),
): Promise<Task> {
  const { entry, assignee } = await adminTask(db, organizationId, user, taskId);
  await saveNotApplicable(db, {
    organizationId,
    catalogueId: entry.id,
    reason,
    markedById: user.id,
  });
  await recordAuditEvent(db, {
    action: 'task.not_applicable',
    organizationId,
    actor: user.audit,
    details: { catalogueId: entry.id, title: entry.title, reason },
  });
  return taskNow(db, organizationId, entry, assignee, now);
}

/** Makes a task applicable again; audited when it was marked. */
export async function makeApplicable(
  db: Db,
  organizationId: string,
  user: Actor,
  taskId: string,
  now = new Date(),
): Promise<Task> {
  const { entry, assignee } = await adminTask(db, organizationId, user, taskId);
  if (await deleteNotApplicable(db, organizationId, entry.id)) {
    await recordAuditEvent(db, {
      action: 'task.applicable',
      organizationId,
      actor: user.audit,
      details: { catalogueId: entry.id, title: entry.title },
    });
  }
  return taskNow(db, organizationId, entry, assignee, now);
}

async function ownTask(db: Db, organizationId: string, user: Completer, taskId: string) {
  const found = await findAssignedTask(db, organizationId, taskId);
  if (!mayAct(user, found.entry, found.assignee)) {
    throw new ForbiddenError('You can only snooze your own tasks.');
  }
  return { ...found, owner: found.entry.scope === 'Admin' ? null : found.assignee.id };
}

/**
 * Puts a task aside for some days: it is back at the start (UTC) of the day `days` after today,
 * so that a task list only changes from one day to the next (it is cached by day).
 */
export async function snoozeTask(
  db: Db,
  organizationId: string,
  user: Completer,
  taskId: string,
  days: number,
  now = new Date(),
): Promise<Task> {
  const { entry, assignee, owner } = await ownTask(db, organizationId, user, taskId);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const until = new Date(today + days * DAY_MS);
  await saveSnooze(db, { organizationId, catalogueId: entry.id, userId: owner, until });
  return taskNow(db, organizationId, entry, assignee, now);
}

export async function unsnoozeTask(
  db: Db,
  organizationId: string,
  user: Completer,
  taskId: string,
  now = new Date(),
): Promise<Task> {
  const { entry, assignee, owner } = await ownTask(db, organizationId, user, taskId);
  await deleteSnooze(db, organizationId, entry.id, owner);
  return taskNow(db, organizationId, entry, assignee, now);
}

/**
 * Whether administrators are told when this task is overdue, for every member's copy of it;
 * audited. Only an administrator decides.
 */
export async function setTaskEscalation(
  db: Db,
  organizationId: string,
  user: Actor,
  taskId: string,
  escalate: boolean,
): Promise<{ catalogueId: string; escalate: boolean }> {
  const { entry } = await findAssignedTask(db, organizationId, taskId);
  if (user.role !== 'admin') {
    throw new ForbiddenError('Only an administrator can change whether a task is escalated.');
  }
  await saveEscalation(db, organizationId, entry.id, escalate, user.id);
  await recordAuditEvent(db, {
    action: escalate ? 'task.escalation_on' : 'task.escalation_off',
    organizationId,
    actor: user.audit,
    details: { catalogueId: entry.id, title: entry.title },
  });
  return { catalogueId: entry.id, escalate };
}

/**
 * Marks tasks not applicable with their reasons and switches their escalation off, as a partner's
 * baseline sets them (ids outside the catalogue are the caller's to refuse); each change audited.
 */
export async function applyTaskSettings(
  db: Db,
  organizationId: string,
  actor: { id: string; audit: AuditActor },
  settings: {
    notApplicable: readonly { catalogueId: string; reason: string }[];
    escalationOff: readonly string[];
  },
): Promise<void> {
  const titleOf = (id: string) => catalogueById.get(id)?.title ?? id;
  for (const { catalogueId, reason } of settings.notApplicable) {
    await saveNotApplicable(db, { organizationId, catalogueId, reason, markedById: actor.id });
    await recordAuditEvent(db, {
      action: 'task.not_applicable',
      organizationId,
      actor: actor.audit,
      details: { catalogueId, title: titleOf(catalogueId), reason },
    });
  }
  for (const catalogueId of settings.escalationOff) {
    await saveEscalation(db, organizationId, catalogueId, false, actor.id);
    await recordAuditEvent(db, {
      action: 'task.escalation_off',
      organizationId,
      actor: actor.audit,
      details: { catalogueId, title: titleOf(catalogueId) },
    });
  }
}
