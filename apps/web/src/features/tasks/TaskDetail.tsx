import type { Task } from '@castellan/contract';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { DetailDrawer } from '../../components/DetailDrawer';
import { LabelledSection } from '../../components/LabelledSection';
import { formatDate } from '../../lib/format-date';
import { TaskBadges } from './TaskBadges';
import { TaskEvidenceList } from './TaskEvidenceList';
import { TaskInstructionsView } from './TaskInstructionsView';

type Props = {
  opened: boolean;
  /** The task shown; kept while the drawer slides away after closing. */
  task: Task | null;
  onClose: () => void;
  /** Whether the signed-in user may mark this task complete (their own, or an admin task). */
  canComplete: boolean;
  /** Shows whose task it is (the organisation's list). */
  showAssignee: boolean;
  completing: boolean;
  onComplete: (task: Task) => void;
};

function CompletionState({ task }: { task: Task }) {
  const when = task.completedAt ? ` on ${formatDate(task.completedAt)}` : '';
  const who = task.completedBy ? ` by ${task.completedBy}` : '';
  return (
    <Alert color="green" variant="light" title="Done">
      Completed{when}
      {who}.
    </Alert>
  );
}

/**
 * One task in full: what to do, why, and how on each platform. A drawer: it traps focus while
 * open, closes with Escape and gives focus back to the task that opened it.
 */
export function TaskDetail({
  opened,
  task,
  onClose,
  canComplete,
  showAssignee,
  completing,
  onComplete,
}: Props) {
  return (
    <DetailDrawer
      opened={opened && task !== null}
      onClose={onClose}
      size="lg"
      title={task?.title}
      closeLabel="Close task details"
    >
      {task && (
        <Stack gap="md">
          <Group gap="xs">
            <TaskBadges task={task} />
            <Text size="sm" c="dimmed">
              {task.category}
            </Text>
          </Group>
          {showAssignee && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              Assigned to {task.user}
            </Text>
          )}
          {task.scope === 'Admin' && (
            <Text size="sm" c="dimmed">
              An administrator does this once for the whole organisation.
            </Text>
          )}
          <Text>{task.content.summary}</Text>
          {task.evidence.length > 0 && (
            <LabelledSection title="Automatic checks">
              <TaskEvidenceList evidence={task.evidence} />
            </LabelledSection>
          )}
          <LabelledSection title="Why it matters">
            <Text size="sm">{task.content.why}</Text>
          </LabelledSection>
          <LabelledSection title="How to do it">
            <TaskInstructionsView instructions={task.content.instructions} />
          </LabelledSection>
          {task.cisSafeguards.length > 0 && (
            <LabelledSection title="CIS safeguards">
              <Text size="sm">
                CIS Controls v8, safeguard{task.cisSafeguards.length > 1 ? 's' : ''}{' '}
                {task.cisSafeguards.join(', ')}
              </Text>
            </LabelledSection>
          )}
          {task.isCompleted ? (
            <CompletionState task={task} />
          ) : canComplete ? (
            <Button loading={completing} onClick={() => onComplete(task)} color="green">
              Mark as complete
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              Only {task.user} can mark this task as complete.
            </Text>
          )}
        </Stack>
      )}
    </DetailDrawer>
  );
}
