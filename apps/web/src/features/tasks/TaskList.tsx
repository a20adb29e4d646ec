import type { Task } from '@castellan/contract';
import { Badge, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { evidenceSummary } from './evidence-display';
import { TaskBadges } from './TaskBadges';
import { TaskEffort } from './TaskEffort';

type Props = {
  tasks: Task[];
  /** The list's accessible name. */
  label?: string;
  /** Shows whose task each one is (the organisation's list). */
  showAssignee: boolean;
  onOpen: (task: Task) => void;
};

/** The tasks as a list of cards; each title opens the task's details. */
export function TaskList({ tasks, label = 'Tasks', showAssignee, onOpen }: Props) {
  return (
    <Stack component="ul" aria-label={label} gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {tasks.map((task) => (
        <Card
          key={task.id}
          component="li"
          withBorder
          padding="sm"
          aria-label={task.title}
          data-done={task.isCompleted || undefined}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <UnstyledButton
              onClick={() => onOpen(task)}
              aria-haspopup="dialog"
              style={{ flex: 1, minWidth: 0 }}
            >
              <Text fw={600} td={task.isCompleted ? 'line-through' : undefined}>
                {task.title}
              </Text>
            </UnstyledButton>
            <Badge
              variant={task.isCompleted ? 'filled' : 'default'}
              color={task.isCompleted ? 'green' : undefined}
              style={{ flexShrink: 0 }}
            >
              {task.isCompleted ? 'Done' : 'Open'}
            </Badge>
          </Group>
          <Group gap="xs" mt={6} wrap="wrap">
            <TaskBadges task={task} />
            <TaskEffort task={task} />
          </Group>
          {task.evidence[0] && (
            <Text size="sm" c="dimmed" mt={4}>
              {evidenceSummary(task.evidence[0])}
            </Text>
          )}
          {showAssignee && (
            <Text size="sm" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
              Assigned to {task.user}
              {task.scope === 'Admin' && ' (done once for the organisation)'}
            </Text>
          )}
        </Card>
      ))}
    </Stack>
  );
}
