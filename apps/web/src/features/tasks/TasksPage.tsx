import type { Task } from '@castellan/contract';
import { Alert, Anchor, Box, Text, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ProgressCard } from '../../components/ProgressCard';
import { QueryStatus } from '../../components/QueryStatus';
import { formatDate } from '../../lib/format-date';
import { showToast } from '../../lib/toast';
import { useMountedOnceOpen } from '../../lib/use-mounted-once-open';
import { useUserData } from '../../lib/user-data';
import {
  FrameworkCards,
  filterByFramework,
  NO_FRAMEWORK_FILTER,
  safeguardOptions,
} from '../frameworks';
import { type StateChange, useChangeTaskState, useCompleteTask, useTasks } from './api';
import { TaskFilters } from './TaskFilters';
import { TaskPlan } from './TaskPlan';
import { TasksEmpty } from './TasksEmpty';
import {
  clearedFilters,
  DEFAULT_FILTERS,
  filterTasks,
  hasNarrowingFilters,
  isSettled,
  labelOptions,
  type TaskFilterState,
} from './task-filters';
import { progressOf, sortTasks, taskToOpen } from './task-order';
import { planSections, thisWeek } from './task-plan';
import { usePreferredPlatform } from './usePreferredPlatform';
import { useTaskLink } from './useTaskLink';

const STATE_TOASTS: Record<
  StateChange['change'],
  (task: Task) => { summary: string; detail: string }
> = {
  'not-applicable': (t) => ({ summary: 'Marked not applicable', detail: t.title }),
  applicable: (t) => ({ summary: 'Applicable again', detail: t.title }),
  snooze: (t) => ({
    summary: 'Task snoozed',
    detail: `${t.title}, until ${formatDate(t.snoozedUntil ?? Date.now(), { timeZone: 'UTC' })}`,
  }),
  unsnooze: (t) => ({ summary: 'Back in the open tasks', detail: t.title }),
};

// A task's view (drawer, instructions, state menus) loads when the first task is opened.
const TaskDetail = lazy(() => import('./TaskDetail'));

/** Other pages may open a task straight away: `navigate('/tasks', { state: { openTask } })`. */
export type TasksPageState = { openTask?: string } | null;

/**
 * "Your tasks": the plan of recommended security actions ("This week", then the rest by
 * category), with filters and each task's details. Each task has its own address, `/tasks/<id>`.
 * For administrators, the frameworks' shares too; their links (`?framework=…&safeguard=…&task=…`)
 * narrow the list to a safeguard of the whole organisation and open one of its tasks.
 */
export default function TasksPage() {
  const { data: user } = useUserData();
  const location = useLocation();
  const isAdmin = user?.role === 'admin';
  const email = user?.email ?? '';
  const { id: addressedId } = useParams();
  const { frameworkFilter, setFrameworkFilter, linkedTask, forgetLinkedTask, showTaskInAddress } =
    useTaskLink(isAdmin);
  // A framework view's counts are the organisation's: its links show everyone's copies.
  const [filters, setFilters] = useState<TaskFilterState>(() => ({
    ...DEFAULT_FILTERS,
    onlyMine: !(linkedTask && frameworkFilter.framework),
  }));
  const [selectedId, setSelectedId] = useState<string | null>(
    () => addressedId ?? (location.state as TasksPageState)?.openTask ?? null,
  );
  const [detailOpen, setDetailOpen] = useState(selectedId !== null);
  const detailMounted = useMountedOnceOpen(detailOpen);
  const organizationWide = isAdmin && !filters.onlyMine;

  const mine = useTasks('mine');
  // An address may name a colleague's task, which only the organisation's list (admins) holds.
  const colleagueTask =
    isAdmin &&
    selectedId !== null &&
    mine.data != null &&
    !mine.data.tasks.some((t) => t.id === selectedId);
  const everyone = useTasks('organization', organizationWide || colleagueTask);
  const shown = organizationWide ? everyone : mine;
  const complete = useCompleteTask();
  const platform = usePreferredPlatform();
  const changeState = useChangeTaskState();

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
  const candidates = useMemo(
    () => [...scoped, ...(mine.data?.tasks ?? []), ...(everyone.data?.tasks ?? [])],
    [scoped, mine.data, everyone.data],
  );
  const selected = candidates.find((t) => t.id === selectedId) ?? null;
  // The plan: this week's tasks are the user's own; the organisation's list has none.
  const week = useMemo(
    () => (organizationWide || filters.status === 'done' ? [] : thisWeek(visible)),
    [organizationWide, filters.status, visible],
  );
  const sections = useMemo(() => {
    const rest = visible.filter((t) => !week.includes(t));
    if (organizationWide) return planSections(rest, false, 'Everyone’s tasks');
    return planSections(rest, isAdmin, week.length > 0 ? 'Your other tasks' : 'Your tasks');
  }, [visible, week, organizationWide, isAdmin]);
  // The plan starts with its categories closed; any other view of the list shows them open.
  const narrowed =
    hasNarrowingFilters(filters) || frameworkFilter.framework !== null || organizationWide;

  // Opens the task a link names once the list it is in has arrived; forgetting the request
  // keeps it from opening again after it is closed.
  const listReady = mine.isSuccess && (!(organizationWide || colleagueTask) || everyone.isSuccess);
  useEffect(() => {
    if (!linkedTask || !listReady) return;
    const task = taskToOpen(candidates, linkedTask, email);
    forgetLinkedTask();
    if (task) {
      setSelectedId(task.id);
      setDetailOpen(true);
      showTaskInAddress(task.id);
    }
  }, [linkedTask, listReady, candidates, email, forgetLinkedTask, showTaskInAddress]);

  // A task opened from another page (`state.openTask`) shows its address too.
  const shownId = detailOpen && selected ? selected.id : null;
  useEffect(() => {
    if (shownId) showTaskInAddress(shownId);
  }, [shownId, showTaskInAddress]);

  // An address naming a task this user cannot see, or none at all.
  const unknownAddress =
    addressedId !== undefined && listReady && selectedId === addressedId && !selected;

  const open = (task: Task) => {
    setSelectedId(task.id);
    setDetailOpen(true);
  };

  const close = () => {
    setDetailOpen(false);
    showTaskInAddress(null);
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

  const changeTaskState = (change: StateChange) =>
    changeState.mutate(change, {
      onSuccess: (answer) => {
        if (answer) showToast({ severity: 'success', ...STATE_TOASTS[change.change](answer.task) });
      },
      onError: (error) =>
        showToast({
          severity: 'error',
          summary: 'Could not change the task',
          detail: error.message,
          life: 8000,
        }),
    });

  const allDone = scoped.length > 0 && scoped.every(isSettled);

  return (
    <>
      <Title order={1} size="h2" mb="xs" id="tasksPageHeader">
        Your tasks
      </Title>
      <Text c="dimmed" mb="lg">
        Security steps recommended for you: this week's first, the rest by category. Open one to see
        why it matters, how to do it and how long it takes.
      </Text>

      {unknownAddress && (
        <Alert color="red" variant="light" title="No such task" mb="md">
          This address names no task of yours: it may belong to someone else or no longer exist.{' '}
          <Anchor component={Link} to="/tasks" c="inherit" underline="always">
            Show your tasks
          </Anchor>
        </Alert>
      )}

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
          <TaskPlan
            week={week}
            sections={sections}
            expanded={narrowed}
            showAssignee={organizationWide}
            onOpen={open}
          />
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

      {detailMounted && (
        <Suspense fallback={null}>
          <TaskDetail
            opened={detailOpen}
            task={selected}
            onClose={close}
            canComplete={
              selected !== null &&
              (selected.user === email || (selected.scope === 'Admin' && isAdmin))
            }
            showAssignee={organizationWide}
            completing={complete.isPending && complete.variables.id === selected?.id}
            onComplete={markComplete}
            preferredPlatform={platform}
            isAdmin={isAdmin}
            changingState={changeState.isPending && changeState.variables.task.id === selected?.id}
            onChangeState={changeTaskState}
          />
        </Suspense>
      )}
    </>
  );
}
