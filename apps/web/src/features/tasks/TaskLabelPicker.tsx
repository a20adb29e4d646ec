import type { TaskLabel } from '@castellan/contract';
import { Button, Chip, Group, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';

type Props = {
  /** The labels present on the tasks, by group. */
  groups: { group: string; items: TaskLabel[] }[];
  value: TaskLabel[];
  onChange: (labels: TaskLabel[]) => void;
};

/**
 * The labels to filter by, as toggles grouped under their group's name, folded away behind one
 * button that says how many are chosen. A few dozen labels read faster as a panel of toggles than
 * as a searchable list, and need no floating dropdown (whose code doubled the page's weight).
 */
export function TaskLabelPicker({ groups, value, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const chosen = value.length;
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Button
          variant="default"
          size="compact-sm"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Hide labels' : 'Filter by label'}
        </Button>
        {chosen > 0 && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {chosen === 1 ? `1 label chosen: ${value[0]}` : `${chosen} labels chosen`}
          </Text>
        )}
      </Group>
      <div id={panelId} hidden={!open}>
        <Chip.Group multiple value={value} onChange={(next) => onChange(next as TaskLabel[])}>
          <Stack gap="xs" role="group" aria-label="Labels">
            {groups.map(({ group, items }) => (
              <fieldset key={group} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
                <Text component="legend" size="sm" fw={500} mb={4}>
                  {group}
                </Text>
                <Group gap={6}>
                  {items.map((label) => (
                    <Chip key={label} value={label} size="sm">
                      {label}
                    </Chip>
                  ))}
                </Group>
              </fieldset>
            ))}
          </Stack>
        </Chip.Group>
      </div>
    </Stack>
  );
}
