import type { Grade, Progress, ScoreArea, Task, TaskLabel } from '@castellan/contract';
import { gradeFor, TASK_CATEGORIES } from '@castellan/contract/vocabulary';
import type { CatalogueTask } from './catalogue/types';

/**
 * Everything about who should do which task and how far the organisation has got, computed from
 * the catalogue, the members and the stored completions. The score model is in the README.
 */

export type Member = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: 'admin' | 'user';
};

export type Completion = {
  catalogueId: string;
  /** null for an Admin task: done once for the organisation. */
  userId: string | null;
  /** When and by whom: loaded only where tasks are shown, not to count them. */
  completedAt?: Date;
  completedBy?: string | null;
};

/** Points a task is worth, by its risk: the worse the risk it removes, the more it counts. */
export const RISK_POINTS = { Critical: 10, High: 6, Medium: 3, Low: 1, Info: 0 } as const;

export type Workspace = 'google' | 'microsoft' | null;

/** The suite a task is only about, judged by its platforms; null when it is about anything else. */
export function suiteOf(t: CatalogueTask): Workspace {
  if (t.platforms.length === 0) return null;
  if (t.platforms.every((p) => p === 'Google' || p === 'Gmail')) return 'google';
  if (t.platforms.every((p) => p === 'Microsoft 365')) return 'microsoft';
  return null;
}

/** The tasks of an organisation: those of the other office suite are left out once it is known. */
export const catalogueFor = (catalogue: readonly CatalogueTask[], workspace: Workspace) =>
  workspace === null
    ? catalogue
    : catalogue.filter((t) => {
        const suite = suiteOf(t);
        return suite === null || suite === workspace;
      });

export const assignedTo = (catalogue: readonly CatalogueTask[], member: Pick<Member, 'role'>) =>
  catalogue.filter((t) => t.scope === 'Individual' || member.role === 'admin');

export const taskIdOf = (catalogueId: string, userId: string) => `${catalogueId}:${userId}`;

export function parseTaskId(id: string): { catalogueId: string; userId: string } {
  const at = id.lastIndexOf(':');
  return { catalogueId: id.slice(0, at), userId: id.slice(at + 1) };
}

export function labelsOf(t: CatalogueTask): TaskLabel[] {
  const risk: TaskLabel = t.risk === 'Info' ? 'Info' : `${t.risk} risk`;
  return [t.category, ...t.platforms, `${t.priority} priority`, risk, t.scope];
}

/** What the latest domain scan found about the organisation's tasks, and when. */
export type ScanVerdicts = { byTask: ReadonlyMap<string, 'pass' | 'fail'>; at: Date };

export const SCAN_COMPLETER = 'Domain scan';

/**
 * Finds the completion that counts for a member's task: theirs, or the organisation's. For an
 * Admin task the latest domain scan has judged, the scan decides: a check that passes completes
 * it, a check that fails keeps it open whatever was marked.
 */
export class Completions {
  /** Admin tasks done, and each member's Individual tasks done. */
  private readonly byAdminTask = new Map<string, Completion>();
  private readonly byMember = new Map<string, Map<string, Completion>>();
  /** How many members have done each Individual task. */
  private readonly doneCount: Map<string, number> = new Map();

  /**
   * `doneCount`, when given, is how many members did each Individual task (counted by the
   * database); `completions` then need only hold the Admin tasks and the members asked about.
   */
  constructor(
    completions: Iterable<Completion>,
    private readonly scan: ScanVerdicts | null = null,
    doneCount?: ReadonlyMap<string, number>,
  ) {
    if (doneCount) this.doneCount = new Map(doneCount);
    for (const c of completions) {
      if (c.userId === null) {
        this.byAdminTask.set(c.catalogueId, c);
        continue;
      }
      const own = this.byMember.get(c.userId) ?? new Map<string, Completion>();
      own.set(c.catalogueId, c);
      this.byMember.set(c.userId, own);
      if (!doneCount) {
        this.doneCount.set(c.catalogueId, (this.doneCount.get(c.catalogueId) ?? 0) + 1);
      }
    }
  }

  scanVerdict(t: CatalogueTask): 'pass' | 'fail' | undefined {
    return t.scope === 'Admin' ? this.scan?.byTask.get(t.id) : undefined;
  }

  of(t: CatalogueTask, member: Pick<Member, 'id'>): Completion | undefined {
    if (t.scope === 'Individual') return this.byMember.get(member.id)?.get(t.id);
    const verdict = this.scanVerdict(t);
    if (verdict === 'fail') return undefined;
    if (verdict === 'pass' && this.scan) {
      return {
        catalogueId: t.id,
        userId: null,
        completedAt: this.scan.at,
        completedBy: SCAN_COMPLETER,
      };
    }
    return this.byAdminTask.get(t.id);
  }

  /**
   * Members who completed an Individual task. Completions are only ever of the organisation's
   * current members (they go with a member who leaves).
   */
  countDone(t: CatalogueTask): number {
    return this.doneCount.get(t.id) ?? 0;
  }
}

export function toTask(t: CatalogueTask, member: Member, done: Completion | undefined): Task {
  return {
    id: taskIdOf(t.id, member.id),
    catalogueId: t.id,
    user: member.email,
    isCompleted: done !== undefined,
    completedAt: done?.completedAt?.toISOString() ?? null,
    completedBy: done?.completedBy ?? null,
    priority: t.priority,
    riskLevel: t.risk,
    labels: labelsOf(t),
    title: t.title,
    content: { summary: t.summary, why: t.why, instructions: t.instructions },
    scope: t.scope,
    category: t.category,
    automation: t.automation,
    cisSafeguards: t.cisSafeguards,
  };
}

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
