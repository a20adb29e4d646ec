import type { Db } from '../../db/client';
import { latestScanVerdicts } from '../risk-analysis/latest';
import { CATALOGUE } from './catalogue';
import type { CatalogueTask } from './catalogue/types';
import {
  Completions,
  catalogueFor,
  countedMemberProgress,
  individualTaskIds,
  type Member,
  scoreOf,
} from './progress';
import {
  countIndividualCompletions,
  countMemberCompletions,
  countMembers,
  findWorkspace,
  listAdminCompletions,
  listCompletions,
  listOrganizationIds,
  listSnapshots,
  listTaskMembers,
  saveSnapshot,
} from './repository';

/** How far back the dashboard's trend reaches. */
export const HISTORY_DAYS = 90;

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
    listTaskMembers(db, organizationId, onlyUserId),
    listCompletions(db, organizationId, onlyUserId),
    latestScanVerdicts(db, organizationId),
  ]);
  return {
    catalogue: catalogueFor(CATALOGUE, workspace),
    members,
    completions: new Completions(completions, scan),
  };
}

/**
 * What the score needs, counted by the database: how many members there are, how many did each
 * Individual task, and the Admin tasks done — with the user's own tasks, when one is given.
 */
export async function loadScoreInputs(
  db: Db,
  organizationId: string,
  userId?: string,
): Promise<{ catalogue: readonly CatalogueTask[]; memberCount: number; completions: Completions }> {
  const [workspace, memberCount, doneCount, own, scan] = await Promise.all([
    findWorkspace(db, organizationId),
    countMembers(db, organizationId),
    countIndividualCompletions(db, organizationId),
    userId === undefined
      ? listAdminCompletions(db, organizationId)
      : listCompletions(db, organizationId, userId),
    latestScanVerdicts(db, organizationId),
  ]);
  return {
    catalogue: catalogueFor(CATALOGUE, workspace),
    memberCount,
    completions: new Completions(own, scan, doneCount),
  };
}

/** Every member with their progress, counted by the database. */
export async function loadEmployeesProgress(db: Db, organizationId: string) {
  const [workspace, members, admin, scan] = await Promise.all([
    findWorkspace(db, organizationId),
    listTaskMembers(db, organizationId),
    listAdminCompletions(db, organizationId),
    latestScanVerdicts(db, organizationId),
  ]);
  const catalogue = catalogueFor(CATALOGUE, workspace);
  const ids = individualTaskIds(catalogue);
  const counts = await countMemberCompletions(db, organizationId, ids.all, ids.highRisk);
  const completions = new Completions(admin, scan);
  return members.map((member) => ({
    member,
    progress: countedMemberProgress(catalogue, member, completions, counts.get(member.id)),
  }));
}

/** The day (UTC) of a moment, as `YYYY-MM-DD`. */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

/** The daily snapshots of the last HISTORY_DAYS days. */
export async function listScoreSnapshots(db: Db, organizationId: string, now = new Date()) {
  const since = dayOf(new Date(now.getTime() - (HISTORY_DAYS - 1) * 86_400_000));
  return listSnapshots(db, organizationId, since);
}

/** The daily snapshots, ending with today's score as it is now. */
export function scoreHistory(
  snapshots: { date: string; score: number }[],
  scoreNow: number,
  now = new Date(),
): { date: string; score: number }[] {
  const today = dayOf(now);
  return [...snapshots.filter((s) => s.date !== today), { date: today, score: scoreNow }];
}

/** Takes today's snapshot of every organisation's score. */
export async function snapshotScores(db: Db, now = new Date()): Promise<number> {
  const ids = await listOrganizationIds(db);
  for (const id of ids) {
    const { catalogue, memberCount, completions } = await loadScoreInputs(db, id);
    await saveSnapshot(db, id, dayOf(now), scoreOf(catalogue, memberCount, completions).score);
  }
  return ids.length;
}
