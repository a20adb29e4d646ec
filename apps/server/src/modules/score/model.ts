import type { Grade, Progress, ScoreArea } from '@castellan/contract';
import { gradeFor, TASK_CATEGORIES } from '@castellan/contract/vocabulary';
import { assignedTo, type Completions, type Member } from '../tasks/assignment';
import type { CatalogueTask } from '../tasks/catalogue/types';

/** The score model and progress, from the tasks and their completions. See docs/using.md. */

/** Points a task is worth, by its risk: the worse the risk it removes, the more it counts. */
export const RISK_POINTS = { Critical: 10, High: 6, Medium: 3, Low: 1, Info: 0 } as const;

export function progressOf(completed: number, total: number): Progress {
  return { completed, total, percent: total === 0 ? 100 : Math.floor((completed * 100) / total) };
}

export type MemberProgress = Progress & { openHighRisk: number };

const isHighRisk = (t: CatalogueTask) => t.risk === 'High' || t.risk === 'Critical';

export function memberProgress(
  catalogue: readonly CatalogueTask[],
  member: Member,
  completions: Completions,
): MemberProgress {
  const tasks = assignedTo(catalogue, member);
  const open = tasks.filter((t) => !completions.of(t, member));
  return {
    ...progressOf(tasks.length - open.length, tasks.length),
    openHighRisk: open.filter(isHighRisk).length,
  };
}

/** The Individual tasks of a catalogue, and those of them of high or critical risk. */
export function individualTaskIds(catalogue: readonly CatalogueTask[]) {
  const individual = catalogue.filter((t) => t.scope === 'Individual');
  return {
    all: individual.map((t) => t.id),
    highRisk: individual.filter(isHighRisk).map((t) => t.id),
  };
}

/**
 * `memberProgress` from counts the database made of the member's Individual tasks (of the ids
 * `individualTaskIds` gives), with `completions` holding the Admin tasks.
 */
export function countedMemberProgress(
  catalogue: readonly CatalogueTask[],
  member: Member,
  completions: Completions,
  counted: { done: number; highRiskDone: number } = { done: 0, highRiskDone: 0 },
): MemberProgress {
  const ids = individualTaskIds(catalogue);
  const admin = member.role === 'admin' ? catalogue.filter((t) => t.scope === 'Admin') : [];
  const adminOpen = admin.filter((t) => !completions.of(t, member));
  const total = ids.all.length + admin.length;
  return {
    ...progressOf(counted.done + admin.length - adminOpen.length, total),
    openHighRisk: ids.highRisk.length - counted.highRiskDone + adminOpen.filter(isHighRisk).length,
  };
}

/**
 * The organisation's completion: every member's Individual tasks, and each Admin task once.
 */
export function teamProgress(
  catalogue: readonly CatalogueTask[],
  memberCount: number,
  completions: Completions,
): Progress {
  let completed = 0;
  let total = 0;
  for (const t of catalogue) {
    if (t.scope === 'Admin') {
      total += 1;
      if (completions.of(t, { id: '' })) completed += 1;
    } else {
      total += memberCount;
      completed += completions.countDone(t);
    }
  }
  return progressOf(completed, total);
}

export type Score = { score: number; grade: Grade; breakdown: ScoreArea[] };

/**
 * Each task is worth RISK_POINTS of its risk. An Admin task earns them when done; an Individual
 * task earns the share of members who have done it. The score is the share of points earned, 0–100 with one decimal.
 */
export function scoreOf(
  catalogue: readonly CatalogueTask[],
  memberCount: number,
  completions: Completions,
): Score {
  const areas = new Map(TASK_CATEGORIES.map((c) => [c, { earned: 0, possible: 0 }]));
  for (const t of catalogue) {
    const points = RISK_POINTS[t.risk];
    const share =
      t.scope === 'Admin'
        ? completions.of(t, { id: '' })
          ? 1
          : 0
        : memberCount === 0
          ? 0
          : completions.countDone(t) / memberCount;
    const area = areas.get(t.category);
    if (!area) continue;
    area.possible += points;
    area.earned += points * share;
  }
  // One decimal: in a team of 50, one person's task is worth a fraction of a point.
  const percent = (earned: number, possible: number) =>
    possible === 0 ? 100 : Math.round((earned * 1000) / possible) / 10;
  const breakdown = [...areas].map(([category, { earned, possible }]) => ({
    category,
    score: percent(earned, possible),
    earned: Math.round(earned * 100) / 100,
    possible,
  }));
  const totals = [...areas.values()];
  const score = percent(
    totals.reduce((sum, a) => sum + a.earned, 0),
    totals.reduce((sum, a) => sum + a.possible, 0),
  );
  return { score, grade: gradeFor(score), breakdown };
}
