import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  type FrameworkFilter,
  frameworkFilterFrom,
  NO_FRAMEWORK_FILTER,
  withFrameworkFilter,
} from '../frameworks';

/**
 * Writes the page's state into the address without a router navigation: one would re-run the
 * guard and mount the page afresh, losing the other filters and the open task. The router's own
 * history entry is kept, so Back still works.
 */
function showInAddress(params: URLSearchParams, pathname = window.location.pathname) {
  const query = params.toString();
  const { hash } = window.location;
  window.history.replaceState(
    window.history.state,
    '',
    `${pathname}${query && `?${query}`}${hash}`,
  );
}

const currentParams = () => new URLSearchParams(window.location.search);

/**
 * What the address asks of the task list when the page opens: the framework filter
 * (administrators' only), and a catalogue task to open (`?task=encrypt-disk`), forgotten once
 * opened. Changes to the filter are shown in the address, so that it can be shared or reloaded.
 */
export function useTaskLink(isAdmin: boolean) {
  const [searchParams] = useSearchParams();
  const [frameworkFilter, setFilter] = useState<FrameworkFilter>(() =>
    isAdmin ? frameworkFilterFrom(searchParams) : NO_FRAMEWORK_FILTER,
  );
  const [linkedTask, setLinkedTask] = useState(() => searchParams.get('task'));

  const setFrameworkFilter = useCallback((filter: FrameworkFilter) => {
    setFilter(filter);
    showInAddress(withFrameworkFilter(currentParams(), filter));
  }, []);

  const forgetLinkedTask = useCallback(() => {
    setLinkedTask(null);
    const params = currentParams();
    params.delete('task');
    showInAddress(params);
  }, []);

  /** Shows the open task's own address, `/tasks/<id>`, or `/tasks` once it is closed. */
  const showTaskInAddress = useCallback((taskId: string | null) => {
    const path = taskId === null ? '/tasks' : `/tasks/${encodeURIComponent(taskId)}`;
    if (window.location.pathname !== path) showInAddress(currentParams(), path);
  }, []);

  return { frameworkFilter, setFrameworkFilter, linkedTask, forgetLinkedTask, showTaskInAddress };
}
