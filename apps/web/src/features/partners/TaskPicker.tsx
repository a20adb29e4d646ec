import { Button, Group, NativeSelect } from '@mantine/core';
import { useState } from 'react';
import type { TaskChoice } from './baselines-api';

/** The tasks as a NativeSelect's options, grouped by scope ("Admin tasks", "Individual tasks"). */
function taskOptions(tasks: readonly TaskChoice[]) {
  const scopes = [...new Set(tasks.map((task) => task.scope))];
  return [
    { value: '', label: 'Choose a task' },
    ...scopes.map((scope) => ({
      group: `${scope} tasks`,
      items: tasks
        .filter((task) => task.scope === scope)
        .map((task) => ({ value: task.id, label: task.title })),
    })),
  ];
}

/** Picks one more task for a list: a select of the tasks not in it yet, and Add. */
export function TaskPicker({
  id,
  label,
  buttonLabel,
  tasks,
  onAdd,
}: {
  /** The select's id, to bring focus back to it. */
  id: string;
  label: string;
  /** The Add button's accessible name, which tells the form's pickers apart. */
  buttonLabel: string;
  tasks: readonly TaskChoice[];
  onAdd: (taskId: string) => void;
}) {
  const [chosen, setChosen] = useState('');
  const available = tasks.some((task) => task.id === chosen);
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <NativeSelect
        id={id}
        label={label}
        data={taskOptions(tasks)}
        value={available ? chosen : ''}
        onChange={(event) => setChosen(event.currentTarget.value)}
        disabled={tasks.length === 0}
        style={{ flex: '1 1 auto', minWidth: 0 }}
      />
      <Button
        variant="light"
        aria-label={buttonLabel}
        style={{ flexShrink: 0 }}
        disabled={!available}
        onClick={() => {
          onAdd(chosen);
          setChosen('');
        }}
      >
        Add
      </Button>
    </Group>
  );
}
