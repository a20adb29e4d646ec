import type { Task } from '@castellan/contract';
import { Stack, Switch, Text } from '@mantine/core';
import { showToast } from '../../lib/toast';
import { useSetTaskEscalation } from './api';
import { canEscalate, dueExplanation, dueNote } from './due-date';

/**
 * When an open or snoozed task is due (red once overdue) and why then; for administrators, the
 * switch that has them told when it is overdue.
 */
export function TaskDeadline({ task, isAdmin }: { task: Task; isAdmin: boolean }) {
  const note = dueNote(task, new Date());
  const escalable = isAdmin && canEscalate(task);
  if (!note && !escalable) return null;
  return (
    <Stack gap={6}>
      {note && (
        <div>
          <Text size="sm" fw={600} c={note.overdue ? 'red.8' : undefined} data-due-date>
            {note.text}
          </Text>
          <Text size="xs" c="dimmed">
            {dueExplanation(task.riskLevel)}
          </Text>
        </div>
      )}
      {escalable && <EscalationSwitch task={task} />}
    </Stack>
  );
}

function EscalationSwitch({ task }: { task: Task }) {
  const escalation = useSetTaskEscalation();
  return (
    <Switch
      label="Tell administrators when overdue"
      description="In their daily summary of overdue tasks. This holds for everyone’s copy of the task."
      checked={task.escalate}
      disabled={escalation.isPending}
      onChange={(event) =>
        escalation.mutate(
          { task, escalate: event.currentTarget.checked },
          {
            onError: (error) =>
              showToast({
                severity: 'error',
                summary: 'Could not change the escalation',
                detail: error.message,
                life: 8000,
              }),
          },
        )
      }
    />
  );
}
