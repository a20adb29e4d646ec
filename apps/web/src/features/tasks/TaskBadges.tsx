import type { Task } from '@castellan/contract';
import { Badge, Group } from '@mantine/core';
import { PRIORITY_COLORS, priorityText, RISK_COLORS, riskText } from './task-display';

/** The task's risk and priority, as coloured labels. */
export function TaskBadges({ task }: { task: Pick<Task, 'riskLevel' | 'priority'> }) {
  return (
    <Group gap={6} wrap="wrap">
      <Badge size="sm" variant="light" color={RISK_COLORS[task.riskLevel]}>
        {riskText(task.riskLevel)}
      </Badge>
      <Badge size="sm" variant="outline" color={PRIORITY_COLORS[task.priority]}>
        {priorityText(task.priority)}
      </Badge>
    </Group>
  );
}
