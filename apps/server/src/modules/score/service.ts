import type { Db } from '../../db/client';
import { findWorkspace, listOrganizationIds } from '../organizations/repository';
import { Completions, catalogueFor, type Member } from '../tasks/assignment';
import { CATALOGUE } from '../tasks/catalogue';
import type { CatalogueTask } from '../tasks/catalogue/types';
import { checkedBy, EvidenceIndex } from '../tasks/evidence';
import {
  countIndividualCompletions,
  countMemberCompletions,
  listAdminCompletions,
  listCompletions,
  listEvidence,
  listMemberEvidenceSources,
  listOrganizationEvidence,
} from '../tasks/repository';
import { countMembers, listMembersByName } from '../users/repository';
import {
  countedMemberProgress,
  individualTaskIds,
  memberProgress,
  scoreOf,
  teamProgress,
} from './model';
import { listSnapshots, saveSnapshot } from './repository';

/** How far back the dashboard's trend reaches. */
export const HISTORY_DAYS = 90;

/**
 * What the score needs, counted by the database: how many members there are, how many did each
 * Individual task, and the Admin tasks done — with the user's own tasks, when one is given.
 */
export async function loadScoreInputs(
  db: Db,
  organizationId: string,
  userId?: string,
): Promise<{ catalogue: readonly CatalogueTask[]; memberCount: number; completions: Completions }> {
  const [workspace, { members }, doneCount, own, evidence] = await Promise.all([
    findWorkspace(db, organizationId),
    countMembers(db, organizationId),
    countIndividualCompletions(db, organizationId),
    userId === undefined
      ? listAdminCompletions(db, organizationId)
      : listCompletions(db, organizationId, userId),
    userId === undefined
      ? listOrganizationEvidence(db, organizationId)
      : listEvidence(db, organizationId, userId),
  ]);
  return {
    catalogue: catalogueFor(CATALOGUE, workspace),
    memberCount: members,
    completions: new Completions(own, new EvidenceIndex(evidence), doneCount),
  };
}

/** The score with its history up to `now`'s day, the user's progress and the team's. */
export async function scoreSummary(db: Db, organizationId: string, user: Member, now = new Date()) {
  const [{ catalogue, memberCount, completions }, snapshots, sources] = await Promise.all([
    loadScoreInputs(db, organizationId, user.id),
    listScoreSnapshots(db, organizationId, now),
    listMemberEvidenceSources(db, organizationId, user.id),
  ]);
  const score = scoreOf(catalogue, memberCount, completions);
  const yours = memberProgress(catalogue, user, completions);
  return {
    ...score,
    history: scoreHistory(snapshots, score.score, now),
    yourProgress: { completed: yours.completed, total: yours.total, percent: yours.percent },
    yourCheckedBy: checkedBy(sources.get(user.id) ?? []),
    teamProgress: teamProgress(catalogue, memberCount, completions),
  };
}

/** Every member with their progress, counted by the database. */
export async function loadEmployeesProgress(db: Db, organizationId: string) {
  const [workspace, members, admin, evidence, sources] = await Promise.all([
    findWorkspace(db, organizationId),
    listMembersByName(db, organizationId),
    listAdminCompletions(db, organizationId),
    listOrganizationEvidence(db, organizationId),
    listMemberEvidenceSources(db, organizationId),
  ]);
  const catalogue = catalogueFor(CATALOGUE, workspace);
  const ids = individualTaskIds(catalogue);
  const counts = await countMemberCompletions(db, organizationId, ids.all, ids.highRisk);
  const completions = new Completions(admin, new EvidenceIndex(evidence));
  return members.map((member) => ({
    member,
    progress: countedMemberProgress(catalogue, member, completions, counts.get(member.id)),
    checkedBy: checkedBy(sources.get(member.id) ?? []),
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

/** The organisation's cyber score and grade (the same for every member). */
export async function organizationScore(db: Db, organizationId: string) {
  const { catalogue, memberCount, completions } = await loadScoreInputs(db, organizationId);
  return scoreOf(catalogue, memberCount, completions);
}

/** Takes today's snapshot of every organisation's score. */
export async function snapshotScores(db: Db, now = new Date()): Promise<number> {
  const ids = await listOrganizationIds(db);
  for (const id of ids) {
    await saveSnapshot(db, id, dayOf(now), (await organizationScore(db, id)).score);
  }
  return ids.length;
}
