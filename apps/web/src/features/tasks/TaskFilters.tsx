import type { TaskLabel } from '@castellan/contract';
import { Button, Group, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { NO_FRAMEWORK_FILTER } from '../frameworks';
import { type FrameworkFilterProps, TaskFrameworkFilter } from './TaskFrameworkFilter';
import { TaskLabelPicker } from './TaskLabelPicker';
import {
  clearedFilters,
  hasNarrowingFilters,
  type TaskFilterState,
  type TaskStatus,
} from './task-filters';

const STATUS_OPTIONS: { value: TaskStatus; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'snoozed', label: 'Snoozed' },
  { value: 'done', label: 'Done' },
  { value: 'all', label: 'All' },
];

type Props = {
  filters: TaskFilterState;
  onChange: (filters: TaskFilterState) => void;
  /** The labels present on the tasks, by group. */
  labelGroups: { group: string; items: TaskLabel[] }[];
  /** Admins may switch between their own tasks and the whole organisation's. */
  showOnlyMine: boolean;
  /** The framework filter (administrators), kept in the address. */
  framework?: FrameworkFilterProps;
};

/** Label, status and (for admins) framework and owner filters of the task list. */
export function TaskFilters({ filters, onChange, labelGroups, showOnlyMine, framework }: Props) {
  const set = (patch: Partial<TaskFilterState>) => onChange({ ...filters, ...patch });
  const clear = () => {
    onChange(clearedFilters(filters));
    framework?.onChange(NO_FRAMEWORK_FILTER);
  };
  return (
    <Stack gap="sm" mb="md" component="section" aria-label="Filters">
      {framework && <TaskFrameworkFilter {...framework} />}
      <Group gap="lg" align="center" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" fw={500} id="taskStatusLabel">
            Status
          </Text>
          <SegmentedControl
            aria-labelledby="taskStatusLabel"
            size="sm"
            data={STATUS_OPTIONS}
            value={filters.status}
            onChange={(status) => set({ status: status as TaskStatus })}
          />
        </Group>
        {showOnlyMine && (
          <Switch
            label="Only mine"
            checked={filters.onlyMine}
            onChange={(event) => set({ onlyMine: event.currentTarget.checked })}
          />
        )}
        {(hasNarrowingFilters(filters) || framework?.filter.framework) && (
          <Button variant="subtle" size="compact-sm" onClick={clear}>
            Clear filters
          </Button>
        )}
      </Group>
      <TaskLabelPicker
        groups={labelGroups}
        value={filters.labels}
        onChange={(labels) => set({ labels })}
      />
    </Stack>
  );
}
