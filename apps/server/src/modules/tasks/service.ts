import type { EvidenceSource, Task } from '@castellan/contract';
import type { Db } from '../../db/client';
import { findCatalogueScope } from '../organizations/repository';
import { countMembers, listMembersByName } from '../users/repository';
import { assignedTo, Completions, catalogueFor, type Member, toTask } from './assignment';
import { CATALOGUE } from './catalogue';
import type { CatalogueTask } from './catalogue/types';
import { withEvidenceChanges } from './changes';
import { type Evidence, EvidenceIndex, type Verdict } from './evidence';
import { deleteEvidence, listCompletions, listEvidence, replaceEvidence } from './repository';
import {
  listDeadlines,
  listEscalationOff,
  listNotApplicable,
  listSnoozes,
} from './states/repository';
import { TaskStates } from './task-states';
import { taskValues } from './task-value';

/**
 * The members, completions and task states (at `now`) of an organisation, or only what concerns
 * one member, or only some catalogue entries.
 */
export async function loadProgress(
  db: Db,
  organizationId: string,
  onlyUserId?: string,
  onlyCatalogueIds?: ReadonlySet<string>,
  now = new Date(),
): Promise<{
  catalogue: readonly CatalogueTask[];
  members: Member[];
  /** Every member of the organisation, counted even when only one is loaded. */
  memberCount: number;
  completions: Completions;
  states: TaskStates;
}> {
  const [
    scope,
    members,
    completions,
    evidence,
    counted,
    notApplicable,
    snoozes,
    deadlines,
    escalationOff,
  ] = await Promise.all([
    findCatalogueScope(db, organizationId),
    listMembersByName(db, organizationId, onlyUserId),
    listCompletions(db, organizationId, onlyUserId, onlyCatalogueIds),
    listEvidence(db, organizationId, onlyUserId, onlyCatalogueIds),
    countMembers(db, organizationId),
    listNotApplicable(db, organizationId),
    listSnoozes(db, organizationId, now, onlyUserId),
    listDeadlines(db, organizationId, onlyUserId),
    listEscalationOff(db, organizationId),
  ]);
  return {
    catalogue: catalogueFor(CATALOGUE, scope.workspace, scope.connected),
    members,
    memberCount: counted.members,
    completions: new Completions(completions, new EvidenceIndex(evidence)),
    states: new TaskStates(notApplicable, snoozes, deadlines, escalationOff),
  };
}

/** The tasks of one member, or of every member of the organisation, as they stand at `now`. */
export async function listTasks(
  db: Db,
  organizationId: string,
  onlyUserId?: string,
  now = new Date(),
): Promise<Task[]> {
  return tasksOf(await loadProgress(db, organizationId, onlyUserId, undefined, now));
}

function tasksOf(
  {
    catalogue,
    members,
    memberCount,
    completions,
    states,
  }: Awaited<ReturnType<typeof loadProgress>>,
  onlyCatalogueIds?: ReadonlySet<string>,
): Task[] {
  const shown = onlyCatalogueIds ? catalogue.filter((t) => onlyCatalogueIds.has(t.id)) : catalogue;
  // Worth as the score counts it: over the tasks that apply to the organisation.
  const worth = taskValues(states.applicable(catalogue), memberCount);
  return members.flatMap((m) =>
    assignedTo(shown, m).map((t) =>
      toTask(t, m, worth(t), completions.of(t, m), completions.evidenceOf(t, m), states.of(t, m)),
    ),
  );
}

/** The members of the organisation and their tasks of the given catalogue entries only. */
export async function listMembersAndTasks(
  db: Db,
  organizationId: string,
  catalogueIds: ReadonlySet<string>,
): Promise<{ members: Member[]; tasks: Task[] }> {
  const progress = await loadProgress(db, organizationId, undefined, catalogueIds);
  return { members: progress.members, tasks: tasksOf(progress, catalogueIds) };
}

/**
 * Records what an automatic source found, replacing all it said before about the organisation:
 * a task it no longer judges goes back to what was marked by hand.
 */
export async function recordEvidence(
  db: Db,
  organizationId: string,
  source: EvidenceSource,
  verdicts: readonly Verdict[],
  checkedAt: Date,
): Promise<void> {
  const rows = verdicts.map((v) => ({ ...v, checkedAt }));
  await withEvidenceChanges(db, organizationId, source, rows, undefined, () =>
    replaceEvidence(db, organizationId, source, rows),
  );
}

/**
 * Records what a source found about one member (or, without `onlyUserId`, the whole
 * organisation), each verdict with its own time, replacing what it said before about them.
 */
export async function recordTimedEvidence(
  db: Db,
  organizationId: string,
  source: EvidenceSource,
  evidence: readonly Omit<Evidence, 'source'>[],
  onlyUserId?: string,
): Promise<void> {
  await withEvidenceChanges(db, organizationId, source, evidence, onlyUserId, () =>
    replaceEvidence(db, organizationId, source, [...evidence], onlyUserId),
  );
}

/** Forgets what a source said about the organisation's tasks (an integration disconnected). */
export const forgetEvidence = (db: Db, organizationId: string, source: EvidenceSource) =>
  withEvidenceChanges(db, organizationId, source, [], undefined, async () => {
    await deleteEvidence(db, organizationId, source);
  });
