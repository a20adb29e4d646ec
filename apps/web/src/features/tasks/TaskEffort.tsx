import type { Task } from '@castellan/contract';
import { Text } from '@mantine/core';
import { durationText, pointsText } from './task-plan';

/** What a task takes and gives: "about 5 min · +0.3 points". */
export function TaskEffort({ task }: { task: Pick<Task, 'minutes' | 'points'> }) {
  return (
    <Text size="sm" c="dimmed">
      {durationText(task.minutes)} · {pointsText(task.points)}
    </Text>
  );
}
