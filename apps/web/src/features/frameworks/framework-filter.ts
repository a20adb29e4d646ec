import type { Task } from '@castellan/contract';
import { FRAMEWORK_IDS, FRAMEWORKS, type FrameworkId } from '@castellan/contract/frameworks';
import { safeguardName } from './framework-wording';

/**
 * Which framework the task list is narrowed to, and optionally one of its safeguards. It lives in
 * the address (`/tasks?framework=cis-ig1&safeguard=3.4`) so that the framework view can link to it.
 */
export type FrameworkFilter = { framework: FrameworkId | null; safeguard: string | null };

export const NO_FRAMEWORK_FILTER: FrameworkFilter = { framework: null, safeguard: null };

const isFrameworkId = (value: string | null): value is FrameworkId =>
  FRAMEWORK_IDS.some((id) => id === value);

const hasSafeguard = (framework: FrameworkId, id: string | null) =>
  FRAMEWORKS[framework].safeguards.some((s) => s.id === id);

/** The filter an address asks for; an unknown framework or safeguard is ignored. */
export function frameworkFilterFrom(params: URLSearchParams): FrameworkFilter {
  const framework = params.get('framework');
  if (!isFrameworkId(framework)) return NO_FRAMEWORK_FILTER;
  const safeguard = params.get('safeguard');
  return { framework, safeguard: hasSafeguard(framework, safeguard) ? safeguard : null };
}

/** The address's query with the filter in it, keeping whatever else it holds. */
export function withFrameworkFilter(params: URLSearchParams, filter: FrameworkFilter) {
  const next = new URLSearchParams(params);
  next.delete('framework');
  next.delete('safeguard');
  if (filter.framework) next.set('framework', filter.framework);
  if (filter.framework && filter.safeguard) next.set('safeguard', filter.safeguard);
  return next;
}

/** The task list narrowed to a safeguard, opening one of its tasks when `task` is given. */
export function safeguardTasksPath(framework: FrameworkId, safeguard: string, task?: string) {
  const params = withFrameworkFilter(new URLSearchParams(), { framework, safeguard });
  if (task) params.set('task', task);
  return `/tasks?${params}`;
}

/** The tasks that serve the framework (or the one safeguard of it); all of them without one. */
export function filterByFramework<T extends Pick<Task, 'frameworks'>>(
  tasks: readonly T[],
  { framework, safeguard }: FrameworkFilter,
): T[] {
  if (!framework) return [...tasks];
  return tasks.filter((task) => {
    const cited: readonly string[] = task.frameworks[framework];
    return safeguard ? cited.includes(safeguard) : cited.length > 0;
  });
}

/**
 * The safeguards of a framework that these tasks serve, in the framework's order, so that no
 * choice leads to an empty list; the one already chosen stays, even if nothing serves it.
 */
export function safeguardOptions(
  tasks: readonly Pick<Task, 'frameworks'>[],
  framework: FrameworkId,
  chosen: string | null,
): { value: string; label: string }[] {
  const cited = new Set(tasks.flatMap((t): readonly string[] => t.frameworks[framework]));
  return FRAMEWORKS[framework].safeguards
    .filter((s) => cited.has(s.id) || s.id === chosen)
    .map((s) => ({ value: s.id, label: safeguardName(framework, s) }));
}
