import {
  CIS_IG1_SAFEGUARDS,
  dueDateOf,
  type Task,
  type TaskLabel,
  type TaskPriority,
} from '@castellan/contract';
import type { CatalogueTask } from './catalogue/types';
import {
  type Evidence,
  EvidenceIndex,
  judge,
  latestPass,
  shownEvidence,
  sourceName,
} from './evidence';
import { NO_STATE, type TaskStateOf } from './task-states';
import type { TaskValue } from './task-value';

/**
 * Who should do which task and whether it is done, from the catalogue, the members, the stored
 * completions and the automatic checks' evidence. How far that gets the organisation is in
 * `score/`.
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

export type Workspace = 'google' | 'microsoft' | null;

/** The suite a task is only about, judged by its platforms; null when it is about anything else. */
export function suiteOf(t: CatalogueTask): Workspace {
  if (t.platforms.length === 0) return null;
  if (t.platforms.every((p) => p === 'Google' || p === 'Gmail')) return 'google';
  if (t.platforms.every((p) => p === 'Microsoft 365')) return 'microsoft';
  return null;
}

/**
 * The tasks of an organisation: those of the other office suite are left out once it is known,
 * and those about a service (AWS, Bitwarden) until it is connected.
 */
export const catalogueFor = (
  catalogue: readonly CatalogueTask[],
  workspace: Workspace,
  connected: readonly string[] = [],
) =>
  catalogue.filter((t) => {
    if (t.onlyWith && !t.onlyWith.some((id) => connected.includes(id))) return false;
    const suite = suiteOf(t);
    return workspace === null || suite === null || suite === workspace;
  });

export const assignedTo = (catalogue: readonly CatalogueTask[], member: Pick<Member, 'role'>) =>
  catalogue.filter((t) => t.scope === 'Individual' || member.role === 'admin');

export const taskIdOf = (catalogueId: string, userId: string) => `${catalogueId}:${userId}`;

export function parseTaskId(id: string): { catalogueId: string; userId: string } {
  const at = id.lastIndexOf(':');
  return { catalogueId: id.slice(0, at), userId: id.slice(at + 1) };
}

export function labelsOf(t: CatalogueTask, priority: TaskPriority): TaskLabel[] {
  const risk: TaskLabel = t.risk === 'Info' ? 'Info' : `${t.risk} risk`;
  return [t.category, ...t.platforms, `${priority} priority`, risk, t.scope];
}

/**
 * Finds the completion that counts for a member's task. Automatic checks decide first: any
 * failing check keeps the task open whatever was marked, a passing one completes it. Without a
 * check, the completion marked by hand counts: the member's own, or the organisation's for an
 * Admin task.
 */
export class Completions {
  /** Admin tasks done, and each member's Individual tasks done. */
  private readonly byAdminTask = new Map<string, Completion>();
  private readonly byMember = new Map<string, Map<string, Completion>>();
  /** How many members have done each Individual task. */
  private readonly doneCount: Map<string, number> = new Map();

  /**
   * `doneCount`, when given, is how many members did each Individual task (counted by the
   * database, evidence included); `completions` and `evidence` then need only hold the Admin
   * tasks and the members asked about.
   */
  constructor(
    completions: Iterable<Completion>,
    private readonly evidence: EvidenceIndex = new EvidenceIndex(),
    doneCount?: ReadonlyMap<string, number>,
  ) {
    for (const c of completions) {
      if (c.userId === null) {
        this.byAdminTask.set(c.catalogueId, c);
        continue;
      }
      const own = this.byMember.get(c.userId) ?? new Map<string, Completion>();
      own.set(c.catalogueId, c);
      this.byMember.set(c.userId, own);
    }
    if (doneCount) {
      this.doneCount = new Map(doneCount);
      return;
    }
    const done = new Set<string>();
    for (const [memberId, own] of this.byMember) {
      for (const catalogueId of own.keys()) done.add(`${catalogueId}|${memberId}`);
    }
    for (const { catalogueId, userId, verdict } of this.evidence.verdicts()) {
      if (userId === null) continue;
      if (verdict === 'pass') done.add(`${catalogueId}|${userId}`);
      else done.delete(`${catalogueId}|${userId}`);
    }
    for (const key of done) {
      const catalogueId = key.slice(0, key.indexOf('|'));
      this.doneCount.set(catalogueId, (this.doneCount.get(catalogueId) ?? 0) + 1);
    }
  }

  /** The evidence about a member's task (the organisation's, for an Admin task). */
  evidenceOf(t: CatalogueTask, member: Pick<Member, 'id'>): readonly Evidence[] {
    return this.evidence.about(t.id, t.scope === 'Admin' ? null : member.id);
  }

  of(t: CatalogueTask, member: Pick<Member, 'id'>): Completion | undefined {
    const evidence = this.evidenceOf(t, member);
    const verdict = judge(evidence);
    if (verdict === 'fail') return undefined;
    const passed = verdict === 'pass' ? latestPass(evidence) : undefined;
    if (passed) {
      return {
        catalogueId: t.id,
        userId: t.scope === 'Admin' ? null : member.id,
        completedAt: passed.checkedAt,
        completedBy: sourceName(passed.source),
      };
    }
    return t.scope === 'Individual'
      ? this.byMember.get(member.id)?.get(t.id)
      : this.byAdminTask.get(t.id);
  }

  /**
   * Members who completed an Individual task. Completions are only ever of the organisation's
   * current members (they go with a member who leaves).
   */
  countDone(t: CatalogueTask): number {
    return this.doneCount.get(t.id) ?? 0;
  }
}

const IG1 = new Set(CIS_IG1_SAFEGUARDS.map((s) => s.id));

/** What a task meets of each framework: its IG1 safeguards and its Cyber Essentials controls. */
export const frameworksOf = (t: CatalogueTask): Task['frameworks'] => ({
  'cis-ig1': t.cisSafeguards.filter((id) => IG1.has(id)),
  'cyber-essentials': t.cyberEssentials,
});

/** A member's task as the API shows it; `value` is the task's in the organisation (task-value.ts). */
export function toTask(
  t: CatalogueTask,
  member: Member,
  value: TaskValue,
  done: Completion | undefined,
  evidence: readonly Evidence[] = [],
  { notApplicable, snoozedUntil, openedAt, escalate }: TaskStateOf = NO_STATE,
): Task {
  const due = !done && !notApplicable && openedAt ? dueDateOf(openedAt, t.risk) : null;
  return {
    id: taskIdOf(t.id, member.id),
    catalogueId: t.id,
    user: member.email,
    isCompleted: done !== undefined,
    completedAt: done?.completedAt?.toISOString() ?? null,
    completedBy: done?.completedBy ?? null,
    evidence: shownEvidence(evidence),
    state: notApplicable
      ? 'not-applicable'
      : done
        ? 'completed'
        : snoozedUntil
          ? 'snoozed'
          : 'open',
    notApplicable,
    snoozedUntil: done || notApplicable ? null : (snoozedUntil?.toISOString() ?? null),
    dueAt: due?.toISOString() ?? null,
    escalate,
    priority: value.priority,
    minutes: value.minutes,
    points: value.points,
    riskLevel: t.risk,
    labels: labelsOf(t, value.priority),
    title: t.title,
    content: { summary: t.summary, why: t.why, instructions: t.instructions },
    scope: t.scope,
    category: t.category,
    automation: t.automation,
    cisSafeguards: t.cisSafeguards,
    frameworks: frameworksOf(t),
  };
}
