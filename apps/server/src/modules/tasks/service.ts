import type { Task } from '@castellan/contract';
import type { Db } from '../../db/client';
import { findWorkspace } from '../organizations/repository';
import { latestScanVerdicts } from '../risk-analysis/service';
import { listMembersByName } from '../users/repository';
import { assignedTo, Completions, catalogueFor, type Member, toTask } from './assignment';
import { CATALOGUE } from './catalogue';
import type { CatalogueTask } from './catalogue/types';
import { listCompletions } from './repository';

/** The members and completions of an organisation, or only what concerns one member. */
export async function loadProgress(
  db: Db,
  organizationId: string,
  onlyUserId?: string,
): Promise<{
  catalogue: readonly CatalogueTask[];
  members: Member[];
  completions: Completions;
}> {
  const [workspace, members, completions, scan] = await Promise.all([
    findWorkspace(db, organizationId),
    listMembersByName(db, organizationId, onlyUserId),
    listCompletions(db, organizationId, onlyUserId),
    latestScanVerdicts(db, organizationId),
  ]);
  return {
    catalogue: catalogueFor(CATALOGUE, workspace),
    members,
    completions: new Completions(completions, scan),
  };
}

/** The tasks of one member, or of every member of the organisation. */
export async function listTasks(
  db: Db,
  organizationId: string,
  onlyUserId?: string,
): Promise<Task[]> {
  const { catalogue, members, completions } = await loadProgress(db, organizationId, onlyUserId);
  return members.flatMap((m) =>
    assignedTo(catalogue, m).map((t) => toTask(t, m, completions.of(t, m))),
  );
}
