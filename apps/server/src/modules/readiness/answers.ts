import {
  EVIDENCE_SOURCE_NAMES,
  READINESS_ANSWERS,
  type ReadinessAnswer,
  type ReadinessEvidence,
  type ReadinessItem,
  STALE_EVIDENCE_DAYS,
} from '@castellan/contract';
import { taskProgress } from '../frameworks/progress';
import { assignedTo, type Completions, type Member, taskIdOf } from '../tasks/assignment';
import type { CatalogueTask } from '../tasks/catalogue/types';
import type { TaskStates } from '../tasks/task-states';
import type { ReadinessQuestion } from './insurance-questions';

/** What the answers are worked out from: the organisation's tasks as the task list sees them. */
export type ReadinessInput = {
  catalogue: readonly CatalogueTask[];
  members: readonly Member[];
  completions: Completions;
  states: TaskStates;
  /** The administrator looking, whose own copy of a task its link opens where they have one. */
  viewerId: string;
  now: Date;
};

export const MARKED_BY_HAND = 'Marked by hand';

const DAY_MS = 86_400_000;

/**
 * One task's evidence: how many it applies to have it done, which sources showed it (a check's
 * name, or "Marked by hand") and when the latest of them looked.
 */
function evidenceOf(t: CatalogueTask, input: ReadinessInput): ReadinessEvidence | null {
  const progress = taskProgress(t, input.members, input.completions, input.states);
  if (progress.notApplicable !== null || progress.total === 0) return null;
  const assignees = input.members.filter((m) => assignedTo([t], m).length > 0);
  const looked = t.scope === 'Admin' ? assignees.slice(0, 1) : assignees;
  const sources = new Set<string>();
  let latest: Date | null = null;
  const seen = (at: Date) => {
    if (!latest || at > latest) latest = at;
  };
  for (const member of looked) {
    const checks = input.completions.evidenceOf(t, member);
    for (const e of checks) {
      sources.add(EVIDENCE_SOURCE_NAMES[e.source]);
      seen(e.checkedAt);
    }
    const done = input.completions.of(t, member);
    if (done?.completedAt && checks.length === 0) {
      sources.add(MARKED_BY_HAND);
      seen(done.completedAt);
    }
  }
  const checkedAt = latest as Date | null;
  return {
    catalogueId: t.id,
    title: t.title,
    source: sources.size > 0 ? [...sources].join(', ') : null,
    checkedAt: checkedAt?.toISOString() ?? null,
    covered: progress.done,
    total: progress.total,
    unit: t.scope === 'Admin' ? 'organisation' : 'people',
    stale:
      checkedAt !== null &&
      input.now.getTime() - checkedAt.getTime() > STALE_EVIDENCE_DAYS * DAY_MS,
  };
}

/** The link of a task to do: the viewer's own copy, else the first person's who has it open. */
function taskIdFor(t: CatalogueTask, input: ReadinessInput): string | null {
  const assignees = input.members.filter((m) => assignedTo([t], m).length > 0);
  const viewer = assignees.find((m) => m.id === input.viewerId);
  const open = assignees.find((m) => !input.completions.of(t, m));
  const who = viewer ?? open ?? assignees[0];
  return who ? taskIdOf(t.id, who.id) : null;
}

/**
 * The answer to one question from the tasks that evidence it: yes when every task is done for
 * everyone it applies to (or marked not applicable), as a framework's safeguard is met; partly
 * when some of it is done; unknown when no task answers it here, or nothing has been done and no
 * check could look yet at tasks a check would judge; otherwise no.
 */
export function answerOf(
  tasks: readonly CatalogueTask[],
  evidence: readonly (ReadinessEvidence | null)[],
  progress: readonly { done: number; total: number }[],
): ReadinessAnswer {
  if (tasks.length === 0) return 'unknown';
  if (progress.every((p) => p.done >= p.total)) return 'yes';
  if (progress.some((p) => p.done > 0)) return 'partly';
  const checkable = tasks.every((t) => t.automation !== 'NotAutomatable');
  const unseen = evidence.every((e) => e === null || e.checkedAt === null);
  return checkable && unseen ? 'unknown' : 'no';
}

/** Each question's answer, evidence and the tasks that would turn it into a yes. */
export function readinessItems(
  questions: readonly ReadinessQuestion[],
  input: ReadinessInput,
): ReadinessItem[] {
  const byId = new Map(input.catalogue.map((t) => [t.id, t]));
  return questions.map((q) => {
    const tasks = q.tasks.flatMap((id) => byId.get(id) ?? []);
    const progress = tasks.map((t) => ({
      task: t,
      ...taskProgress(t, input.members, input.completions, input.states),
    }));
    const evidence = tasks.map((t) => evidenceOf(t, input));
    return {
      id: q.id,
      text: q.text,
      answer: answerOf(tasks, evidence, progress),
      evidence: evidence.filter((e): e is ReadinessEvidence => e !== null),
      todo: progress
        .filter((p) => p.notApplicable === null && p.done < p.total)
        .map((p) => ({
          catalogueId: p.catalogueId,
          title: p.title,
          taskId: taskIdFor(p.task, input),
          done: p.done,
          total: p.total,
        })),
      notApplicable: progress.flatMap((p) =>
        p.notApplicable === null ? [] : [{ title: p.title, reason: p.notApplicable }],
      ),
    };
  });
}

export const countAnswers = (items: readonly ReadinessItem[]) =>
  Object.fromEntries(
    READINESS_ANSWERS.map((a) => [a, items.filter((i) => i.answer === a).length]),
  ) as Record<ReadinessAnswer, number>;
