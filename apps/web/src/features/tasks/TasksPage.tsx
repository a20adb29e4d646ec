import type { Task } from '@castellan/contract';
import { Box, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { ProgressCard } from '../../components/ProgressCard';
import { QueryStatus } from '../../components/QueryStatus';
import { showToast } from '../../lib/toast';
import { useUserData } from '../../lib/user-data';
import {
  FrameworkCards,
  filterByFramework,
  NO_FRAMEWORK_FILTER,
  safeguardOptions,
} from '../frameworks';
import { useCompleteTask, useTasks } from './api';
import { TaskDetail } from './TaskDetail';
import { TaskFilters } from './TaskFilters';
import { TaskList } from './TaskList';
import { TasksEmpty } from './TasksEmpty';
import {
  clearedFilters,
  DEFAULT_FILTERS,
  filterTasks,
  labelOptions,
  type TaskFilterState,
} from './task-filters';
import { progressOf, sortTasks, taskToOpen } from './task-order';
import { useTaskLink } from './useTaskLink';

/** Other pages may open a task straight away: `navigate('/tasks', { state: { openTask } })`. */
export type TasksPageState = { openTask?: string } | null;

/**
 * "Your tasks": the recommended security actions, with filters and each task's details. For
 * administrators, the frameworks' shares too; their links (`?framework=…&safeguard=…&task=…`)
 * narrow the list to a safeguard of the whole organisation and open one of its tasks.
 */
export default function TasksPage() {
  const { data: user } = useUserData();
  const location = useLocation();
  const isAdmin = user?.role === 'admin';
  const email = user?.email ?? '';
  const { frameworkFilter, setFrameworkFilter, linkedTask, forgetLinkedTask } =
    useTaskLink(isAdmin);
  // A framework view's counts are the organisation's: its links show everyone's copies.
  const [filters, setFilters] = useState<TaskFilterState>(() => ({
    ...DEFAULT_FILTERS,
    onlyMine: !(linkedTask && frameworkFilter.framework),
  }));
  const [selectedId, setSelectedId] = useState<string | null>(
    () => (location.state as TasksPageState)?.openTask ?? null,
  );
  const [detailOpen, setDetailOpen] = useState(selectedId !== null);
  const organizationWide = isAdmin && !filters.onlyMine;

  const mine = useTasks('mine');
  const everyone = useTasks('organization', organizationWide);
  const shown = organizationWide ? everyone : mine;
  const complete = useCompleteTask();

  const scoped = useMemo(
    () =>
      filterTasks(
        shown.data?.tasks ?? [],
        { ...DEFAULT_FILTERS, status: 'all', onlyMine: !organizationWide },
        email,
      ),
    [shown.data, organizationWide, email],
  );
  const visible = useMemo(
    () => sortTasks(filterTasks(filterByFramework(scoped, frameworkFilter), filters, email)),
    [scoped, frameworkFilter, filters, email],
  );
  const candidates = useMemo(() => [...scoped, ...(mine.data?.tasks ?? [])], [scoped, mine.data]);
  const selected = candidates.find((t) => t.id === selectedId) ?? null;

  // Opens the task a link names once the list it is in has arrived; forgetting the request
  // keeps it from opening again after it is closed.
  const listReady = mine.isSuccess && (!organizationWide || everyone.isSuccess);
  useEffect(() => {
    if (!linkedTask || !listReady) return;
    const task = taskToOpen(candidates, linkedTask, email);
    if (task) {
      setSelectedId(task.id);
      setDetailOpen(true);
    }
    forgetLinkedTask();
  }, [linkedTask, listReady, candidates, email, forgetLinkedTask]);

  const open = (task: Task) => {
    setSelectedId(task.id);
    setDetailOpen(true);
  };

  const markComplete = (task: Task) =>
    complete.mutate(task, {
      // Nothing back means the server was too busy; the hook has said so.
      onSuccess: (done) => {
        if (done) showToast({ severity: 'success', summary: 'Task completed', detail: task.title });
      },
      onError: (error) =>
        showToast({
          severity: 'error',
          summary: 'Could not mark the task as complete',
          detail: error.message,
          life: 8000,
        }),
    });

  const allDone = scoped.length > 0 && scoped.every((t) => t.isCompleted);

  return (
    <>
      <Title order={1} size="h2" mb="xs" id="tasksPageHeader">
        Your tasks
      </Title>
      <Text c="dimmed" mb="lg">
        Security steps recommended for you, the most urgent first. Open one to see why it matters
        and how to do it.
      </Text>

      {mine.data && (
        <Box mb="md">
          <ProgressCard title="Your progress" progress={progressOf(mine.data.tasks)} />
        </Box>
      )}

      {isAdmin && <FrameworkCards />}

      <TaskFilters
        filters={filters}
        onChange={setFilters}
        labelGroups={labelOptions(scoped)}
        showOnlyMine={isAdmin}
        framework={
          isAdmin
            ? {
                filter: frameworkFilter,
                safeguards: frameworkFilter.framework
                  ? safeguardOptions(scoped, frameworkFilter.framework, frameworkFilter.safeguard)
                  : [],
                onChange: setFrameworkFilter,
              }
            : undefined
        }
      />

      <QueryStatus query={shown} what="the tasks" />
      {shown.data &&
        (visible.length > 0 ? (
          <TaskList tasks={visible} showAssignee={organizationWide} onOpen={open} />
        ) : scoped.length === 0 ? (
          <Text c="dimmed">There are no tasks for you yet.</Text>
        ) : allDone && filters.status === 'open' ? (
          <TasksEmpty
            title="Nothing left to do — every task is done"
            text="Well done. New tasks appear here when there is more to protect."
            action="Show all tasks"
            onAction={() => setFilters({ ...filters, labels: [], status: 'all' })}
          />
        ) : (
          <TasksEmpty
            title="No tasks match these filters"
            text={
              frameworkFilter.framework
                ? 'Try other labels, another status or another framework.'
                : 'Try other labels or another status.'
            }
            action="Clear filters"
            onAction={() => {
              setFilters(clearedFilters(filters));
              setFrameworkFilter(NO_FRAMEWORK_FILTER);
            }}
          />
        ))}

      <TaskDetail
        opened={detailOpen}
        task={selected}
        onClose={() => setDetailOpen(false)}
        canComplete={
          selected !== null && (selected.user === email || (selected.scope === 'Admin' && isAdmin))
        }
        showAssignee={organizationWide}
        completing={complete.isPending && complete.variables.id === selected?.id}
        onComplete={markComplete}
      />
    </>
  );
}
