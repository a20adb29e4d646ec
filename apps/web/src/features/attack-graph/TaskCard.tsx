import type { AttackTask } from '@castellan/contract';
import { EVIDENCE_SOURCE_NAMES } from '@castellan/contract/vocabulary';
import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { TasksPageState } from '../tasks';

type Props = {
  task: AttackTask;
  canComplete: boolean;
  completing: boolean;
  onComplete: (task: AttackTask) => void;
};

function CompleteAction({ task, canComplete, completing, onComplete }: Props) {
  if (task.isCompleted) return <Badge color="green">Done</Badge>;
  if (task.heldOpenBy) {
    const check = EVIDENCE_SOURCE_NAMES[task.heldOpenBy];
    const why = `held-open-${task.taskId}`;
    return (
      <Stack gap={4}>
        <Button size="xs" disabled aria-describedby={why}>
          Mark as done
        </Button>
        <Text size="xs" c="dimmed" id={why}>
          An automatic check ({check}) holds this open: fix it and it will pass.
        </Text>
      </Stack>
    );
  }
  if (!canComplete) {
    return (
      <Text size="xs" c="dimmed">
        Only {task.user ?? 'an administrator'} can mark this task as done.
      </Text>
    );
  }
  return (
    <Button size="xs" color="green" loading={completing} onClick={() => onComplete(task)}>
      Mark as done
    </Button>
  );
}

/** A task that closes an entry point: who does it, and a way to mark it done or open it. */
export function TaskCard(props: Props) {
  const { task } = props;
  const state: TasksPageState = { openTask: task.taskId };
  return (
    <Card withBorder padding="sm" component="li" aria-label={task.title}>
      <Stack gap={6}>
        <Text fw={600}>{task.title}</Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {task.user === null
            ? 'Admin task: any administrator can do it'
            : `Assigned to ${task.user}`}
        </Text>
        <Group justify="space-between" align="flex-start" gap="xs">
          <CompleteAction {...props} />
          <Anchor component={Link} to="/tasks" state={state} size="sm">
            Open in Your tasks
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}
