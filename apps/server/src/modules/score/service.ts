import type { Db } from '../../db/client';
import { findCatalogueScope, listOrganizationIds } from '../organizations/repository';
import { latestAnalysisSummary } from '../risk-analysis/service';
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
import { listNotApplicable } from '../tasks/states/repository';
import { TaskStates } from '../tasks/task-states';
import { countMembers, listMembersByName } from '../users/repository';
import { listScoreChanges } from './changes';
import {
  individualTaskIds,
  memberProgress,
  organizationTaskProgress,
  ownTaskProgress,
  scoreOf,
  teamProgress,
} from './model';
import { listSnapshots, saveSnapshot } from './repository';

/** How far back the dashboard's trend reaches. */
export const HISTORY_DAYS = 90;

/** The organisation's catalogue without the tasks marked not applicable: what totals count. */
async function applicableCatalogue(db: Db, organizationId: string) {
  const [scope, notApplicable] = await Promise.all([
    findCatalogueScope(db, organizationId),
    listNotApplicable(db, organizationId),
  ]);
  return new TaskStates(notApplicable).applicable(
    catalogueFor(CATALOGUE, scope.workspace, scope.connected),
  );
}

/**
 * What the score needs, counted by the database: the applicable tasks, how many members there
 * are, how many did each Individual task, and the Admin tasks done — with the user's own tasks, when one is given.
 */
export async function loadScoreInputs(
  db: Db,
  organizationId: string,
  userId?: string,
): Promise<{ catalogue: readonly CatalogueTask[]; memberCount: number; completions: Completions }> {
  const [catalogue, { members }, doneCount, own, evidence] = await Promise.all([
    applicableCatalogue(db, organizationId),
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
    catalogue,
    memberCount: members,
    completions: new Completions(own, new EvidenceIndex(evidence), doneCount),
  };
}

/** The score with its history up to `now`'s day, the user's progress and the team's. */
export async function scoreSummary(db: Db, organizationId: string, user: Member, now = new Date()) {
  const [{ catalogue, memberCount, completions }, snapshots, sources, analysis, changes] =
    await Promise.all([
      loadScoreInputs(db, organizationId, user.id),
      listScoreSnapshots(db, organizationId, now),
      listMemberEvidenceSources(db, organizationId, user.id),
      latestAnalysisSummary(db, organizationId),
      listScoreChanges(db, organizationId, new Date(historyStart(now))),
    ]);
  const score = scoreOf(catalogue, memberCount, completions);
  const yours = memberProgress(catalogue, user, completions);
  return {
    ...score,
    domainGrade: domainGradeOf(analysis),
    history: scoreHistory(snapshots, score.score, now),
    yourProgress: { completed: yours.completed, total: yours.total, percent: yours.percent },
    yourCheckedBy: checkedBy(sources.get(user.id) ?? []),
    teamProgress: teamProgress(catalogue, memberCount, completions),
    changes,
  };
}

/** The latest report's grade, as evidence; a report without one (no check could run) is none. */
const domainGradeOf = (analysis: Awaited<ReturnType<typeof latestAnalysisSummary>>) =>
  analysis?.grade
    ? {
        grade: analysis.grade,
        domain: analysis.domain,
        scannedAt: analysis.scannedAt,
      }
    : null;

/**
 * Every member (or only `onlyUserId`) with the progress of their own tasks, counted by the
 * database, and the organisation's Admin tasks, counted once for it.
 */
export async function loadEmployeesProgress(db: Db, organizationId: string, onlyUserId?: string) {
  const [catalogue, members, admin, evidence, sources] = await Promise.all([
    applicableCatalogue(db, organizationId),
    listMembersByName(db, organizationId, onlyUserId),
    listAdminCompletions(db, organizationId),
    listOrganizationEvidence(db, organizationId),
    listMemberEvidenceSources(db, organizationId, onlyUserId),
  ]);
  const ids = individualTaskIds(catalogue);
  const counts = await countMemberCompletions(db, organizationId, ids.all, ids.highRisk);
  return {
    members: members.map((member) => ({
      member,
      progress: ownTaskProgress(catalogue, counts.get(member.id)),
      checkedBy: checkedBy(sources.get(member.id) ?? []),
    })),
    organizationTasks: organizationTaskProgress(
      catalogue,
      new Completions(admin, new EvidenceIndex(evidence)),
    ),
  };
}

/** The day (UTC) of a moment, as `YYYY-MM-DD`. */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

/** The daily snapshots of the last HISTORY_DAYS days. */
export async function listScoreSnapshots(db: Db, organizationId: string, now = new Date()) {
  return listSnapshots(db, organizationId, historyStart(now));
}

/** The first day of the history. */
const historyStart = (now: Date) =>
  dayOf(new Date(now.getTime() - (HISTORY_DAYS - 1) * 86_400_000));

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
