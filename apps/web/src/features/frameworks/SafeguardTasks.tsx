import type { FrameworkId, SafeguardProgress } from '@castellan/contract';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { safeguardTasksPath } from './framework-filter';
import { peopleDone } from './framework-wording';

type Props = { framework: FrameworkId; safeguard: SafeguardProgress };

/** The tasks citing a safeguard, each opening in the task list, with how many have done it. */
export function SafeguardTasks({ framework, safeguard }: Props) {
  if (safeguard.tasks.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No task covers this yet.
      </Text>
    );
  }
  return (
    <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
      {safeguard.tasks.map((task) => (
        <Group
          component="li"
          key={task.catalogueId}
          justify="space-between"
          align="baseline"
          gap="xs"
          wrap="wrap"
        >
          <Anchor
            component={Link}
            to={safeguardTasksPath(framework, safeguard.id, task.catalogueId)}
            size="sm"
            style={{ overflowWrap: 'anywhere' }}
          >
            {task.title}
          </Anchor>
          {task.notApplicable === null ? (
            <Text size="sm" c={task.done >= task.total ? 'green.9' : 'dimmed'}>
              {peopleDone(task)}
            </Text>
          ) : (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              not applicable: {task.notApplicable}
            </Text>
          )}
        </Group>
      ))}
    </Stack>
  );
}
