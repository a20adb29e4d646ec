import {
  FRAMEWORK_IDS,
  FRAMEWORKS,
  type FrameworkId,
  type FrameworkProgress,
  type SafeguardProgress,
} from '@castellan/contract';
import { assignedTo, type Completions, frameworksOf, type Member } from '../tasks/assignment';
import type { CatalogueTask } from '../tasks/catalogue/types';
import { TaskStates } from '../tasks/task-states';

/** A task and how many of those it applies to have done it (marked, or passed by a check). */
export function taskProgress(
  t: CatalogueTask,
  members: readonly Member[],
  completions: Completions,
  states: TaskStates,
) {
  const assignees = members.filter((m) => assignedTo([t], m).length > 0);
  const notApplicable = states.notApplicableOf(t.id)?.reason ?? null;
  const shown = { catalogueId: t.id, title: t.title, notApplicable };
  if (notApplicable !== null) return { ...shown, done: 0, total: 0 };
  if (t.scope === 'Admin') {
    const [admin] = assignees;
    const done = admin && completions.of(t, admin) ? 1 : 0;
    return { ...shown, done, total: 1 };
  }
  const done = Math.min(completions.countDone(t), assignees.length);
  return { ...shown, done, total: assignees.length };
}

/**
 * How far an organisation is from each framework: a safeguard is met when every task of its
 * catalogue citing it is done for everyone it applies to, or marked not applicable (it counts
 * nobody then); one no task cites is not met.
 */
export function frameworkProgress(
  catalogue: readonly CatalogueTask[],
  members: readonly Member[],
  completions: Completions,
  states = new TaskStates(),
): FrameworkProgress[] {
  const progress = new Map(
    catalogue.map((t) => [t.id, taskProgress(t, members, completions, states)]),
  );
  return FRAMEWORK_IDS.map((id) => {
    const safeguards = FRAMEWORKS[id].safeguards.map((s): SafeguardProgress => {
      const tasks = catalogue
        .filter((t) => citedBy(t, id).includes(s.id))
        .flatMap((t) => progress.get(t.id) ?? []);
      const met = tasks.length > 0 && tasks.every((t) => t.done >= t.total);
      return { id: s.id, title: s.title, met, tasks };
    });
    return {
      id,
      name: FRAMEWORKS[id].name,
      met: safeguards.filter((s) => s.met).length,
      total: safeguards.length,
      safeguards: [...safeguards.filter((s) => !s.met), ...safeguards.filter((s) => s.met)],
    };
  });
}

export const citedBy = (t: CatalogueTask, framework: FrameworkId): readonly string[] =>
  frameworksOf(t)[framework];
