import type { Grade, Progress, ScoreArea, ScorePartPoints } from '@castellan/contract';
import { gradeFor, SCORE_PARTS, TASK_CATEGORIES } from '@castellan/contract/vocabulary';
import { assignedTo, type Completions, type Member } from '../tasks/assignment';
import type { CatalogueTask } from '../tasks/catalogue/types';
import { RISK_POINTS } from '../tasks/task-value';

/** The score model and progress, from the tasks and their completions. See docs/using.md. */

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
 * A member's own tasks (their Individual ones), from the counts the database made of them (of the
 * ids `individualTaskIds` gives). The Admin tasks are the organisation's: `organizationTaskProgress`.
 */
export function ownTaskProgress(
  catalogue: readonly CatalogueTask[],
  counted: { done: number; highRiskDone: number } = { done: 0, highRiskDone: 0 },
): MemberProgress {
  const ids = individualTaskIds(catalogue);
  return {
    ...progressOf(counted.done, ids.all.length),
    openHighRisk: ids.highRisk.length - counted.highRiskDone,
  };
}

/** The organisation's Admin tasks, counted once for it whichever administrator does them. */
export function organizationTaskProgress(
  catalogue: readonly CatalogueTask[],
  completions: Completions,
): MemberProgress {
  const admin = catalogue.filter((t) => t.scope === 'Admin');
  const open = admin.filter((t) => !completions.of(t, { id: '' }));
  return {
    ...progressOf(admin.length - open.length, admin.length),
    openHighRisk: open.filter(isHighRisk).length,
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

export type Score = {
  score: number;
  grade: Grade;
  breakdown: ScoreArea[];
  parts: ScorePartPoints[];
};

type Points = { earned: number; possible: number };

const pointsBy = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, { earned: 0, possible: 0 }])) as Record<K, Points>;

/** Points to two decimals: a share of one person's task is a fraction of a point. */
const roundPoints = (points: number) => Math.round(points * 100) / 100;

/**
 * Each task is worth RISK_POINTS of its risk. An Admin task earns them when done; an Individual
 * task earns the share of members who have done it. The score is the share of points earned,
 * 0–100 with one decimal. The same points are added up by category and by part.
 */
export function scoreOf(
  catalogue: readonly CatalogueTask[],
  memberCount: number,
  completions: Completions,
): Score {
  const areas = pointsBy(TASK_CATEGORIES);
  const parts = pointsBy(SCORE_PARTS);
  const total: Points = { earned: 0, possible: 0 };
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
    for (const sum of [areas[t.category], parts[t.part], total]) {
      sum.possible += points;
      sum.earned += points * share;
    }
  }
  // One decimal: in a team of 50, one person's task is worth a fraction of a point.
  const percent = ({ earned, possible }: Points) =>
    possible === 0 ? 100 : Math.round((earned * 1000) / possible) / 10;
  const score = percent(total);
  return {
    score,
    grade: gradeFor(score),
    breakdown: TASK_CATEGORIES.map((category) => {
      const area = areas[category];
      return {
        category,
        score: percent(area),
        earned: roundPoints(area.earned),
        possible: area.possible,
      };
    }),
    parts: SCORE_PARTS.map((part) => {
      const sum = parts[part];
      return { part, earned: roundPoints(sum.earned), possible: sum.possible };
    }),
  };
}

/**
 * Score points one task moves when it becomes done (or open again): its share of all the points
 * `scoreOf` counts, an Individual task's split between the `teamSize` members who each have it.
 */
export function pointsOf(
  catalogue: readonly CatalogueTask[],
  task: CatalogueTask,
  teamSize: number,
): number {
  const possible = catalogue.reduce((sum, t) => sum + RISK_POINTS[t.risk], 0);
  const share = task.scope === 'Admin' ? 1 : teamSize === 0 ? 0 : 1 / teamSize;
  return possible === 0 ? 0 : (RISK_POINTS[task.risk] * share * 100) / possible;
}
