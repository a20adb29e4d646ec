import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  type FrameworkFilter,
  frameworkFilterFrom,
  NO_FRAMEWORK_FILTER,
  withFrameworkFilter,
} from '../frameworks';

/**
 * What the address asks of the task list: the framework filter (administrators' only), and a
 * catalogue task to open (`?task=encrypt-disk`), forgotten once opened.
 */
export function useTaskLink(isAdmin: boolean) {
  const [searchParams, setSearchParams] = useSearchParams();
  const frameworkFilter = useMemo(
    () => (isAdmin ? frameworkFilterFrom(searchParams) : NO_FRAMEWORK_FILTER),
    [isAdmin, searchParams],
  );
  const setFrameworkFilter = useCallback(
    (filter: FrameworkFilter) =>
      setSearchParams((params) => withFrameworkFilter(params, filter), { replace: true }),
    [setSearchParams],
  );
  const forgetLinkedTask = useCallback(
    () =>
      setSearchParams(
        (params) => {
          params.delete('task');
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  return {
    frameworkFilter,
    setFrameworkFilter,
    linkedTask: searchParams.get('task'),
    forgetLinkedTask,
  };
}
