import type { EvidenceSource, Task } from '@castellan/contract';
import type { Db } from '../../db/client';
import { findWorkspace } from '../organizations/repository';
import { listMembersByName } from '../users/repository';
import { assignedTo, Completions, catalogueFor, type Member, toTask } from './assignment';
import { CATALOGUE } from './catalogue';
import type { CatalogueTask } from './catalogue/types';
import { type Evidence, EvidenceIndex, type Verdict } from './evidence';
import { deleteEvidence, listCompletions, listEvidence, replaceEvidence } from './repository';

/**
 * The members and completions of an organisation, or only what concerns one member, or only some
 * catalogue entries.
 */
export async function loadProgress(
  db: Db,
  organizationId: string,
  onlyUserId?: string,
  onlyCatalogueIds?: ReadonlySet<string>,
): Promise<{
  catalogue: readonly CatalogueTask[];
  members: Member[];
  completions: Completions;
}> {
  const [workspace, members, completions, evidence] = await Promise.all([
    findWorkspace(db, organizationId),
    listMembersByName(db, organizationId, onlyUserId),
    listCompletions(db, organizationId, onlyUserId, onlyCatalogueIds),
    listEvidence(db, organizationId, onlyUserId, onlyCatalogueIds),
  ]);
  return {
    catalogue: catalogueFor(CATALOGUE, workspace),
    members,
    completions: new Completions(completions, new EvidenceIndex(evidence)),
  };
}

/** The tasks of one member, or of every member of the organisation. */
export async function listTasks(
  db: Db,
  organizationId: string,
  onlyUserId?: string,
): Promise<Task[]> {
  return tasksOf(await loadProgress(db, organizationId, onlyUserId));
}

function tasksOf(
  { catalogue, members, completions }: Awaited<ReturnType<typeof loadProgress>>,
  onlyCatalogueIds?: ReadonlySet<string>,
): Task[] {
  const shown = onlyCatalogueIds ? catalogue.filter((t) => onlyCatalogueIds.has(t.id)) : catalogue;
  return members.flatMap((m) =>
    assignedTo(shown, m).map((t) =>
      toTask(t, m, completions.of(t, m), completions.evidenceOf(t, m)),
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
  await replaceEvidence(
    db,
    organizationId,
    source,
    verdicts.map((v) => ({ ...v, checkedAt })),
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
  await replaceEvidence(db, organizationId, source, [...evidence], onlyUserId);
}

/** Forgets what a source said about the organisation's tasks (an integration disconnected). */
export const forgetEvidence = (db: Db, organizationId: string, source: EvidenceSource) =>
  deleteEvidence(db, organizationId, source);
