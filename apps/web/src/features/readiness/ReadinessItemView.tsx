import type { ReadinessItem } from '@castellan/contract';
import { STALE_EVIDENCE_DAYS } from '@castellan/contract/assurance-rules';
import {
  Anchor,
  Badge,
  Card,
  Group,
  List,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { AnswerBadge } from './AnswerBadge';
import { evidenceLine, taskProgressWords } from './readiness-words';

type Props = {
  item: ReadinessItem;
  /** Whether the tasks to do link to the task view (not on a shared, read-only report). */
  linkTasks: boolean;
  /** When the relative day words are counted from. */
  now: Date;
};

/** The address of a readiness task: its own view, or the task list opening the catalogue task. */
const taskAddress = (task: ReadinessItem['todo'][number]) =>
  task.taskId
    ? `/tasks/${encodeURIComponent(task.taskId)}`
    : `/tasks?task=${encodeURIComponent(task.catalogueId)}`;

/** One question or control: its answer, what shows it, what was set aside, and what is left to do. */
export function ReadinessItemView({ item, linkTasks, now }: Props) {
  const titleId = useId();
  return (
    <Card component="li" withBorder padding="md" aria-labelledby={titleId} data-item={item.id}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
          <Title order={3} size="h5" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {item.text}
          </Title>
          <AnswerBadge answer={item.answer} />
        </Group>

        {item.evidence.length > 0 ? (
          <div>
            <Text size="sm" fw={600}>
              Evidence
            </Text>
            <List size="sm" spacing={4} aria-label={`Evidence: ${item.text}`}>
              {item.evidence.map((evidence) => (
                <List.Item key={evidence.catalogueId} style={{ overflowWrap: 'anywhere' }}>
                  {evidenceLine(evidence, now)}
                  {evidence.stale && (
                    <Badge
                      ml={6}
                      size="sm"
                      variant="outline"
                      color="orange"
                      title={`Older than ${STALE_EVIDENCE_DAYS} days`}
                    >
                      Stale
                      <VisuallyHidden>{`: older than ${STALE_EVIDENCE_DAYS} days`}</VisuallyHidden>
                    </Badge>
                  )}
                </List.Item>
              ))}
            </List>
          </div>
        ) : (
          <Text size="sm" c="dimmed">
            No evidence yet.
          </Text>
        )}

        {item.notApplicable.length > 0 && (
          <div>
            <Text size="sm" fw={600}>
              Not applicable
            </Text>
            <List size="sm" spacing={4} aria-label={`Not applicable: ${item.text}`}>
              {item.notApplicable.map((na) => (
                <List.Item key={na.title} style={{ overflowWrap: 'anywhere' }}>
                  {na.title}: {na.reason}
                </List.Item>
              ))}
            </List>
          </div>
        )}

        {item.todo.length > 0 && (
          <div>
            <Text size="sm" fw={600}>
              To turn this into a yes
            </Text>
            <List size="sm" spacing={4} aria-label={`To do: ${item.text}`}>
              {item.todo.map((task) => (
                <List.Item key={task.catalogueId} style={{ overflowWrap: 'anywhere' }}>
                  {linkTasks ? (
                    <Anchor component={Link} to={taskAddress(task)} size="sm">
                      {task.title}
                    </Anchor>
                  ) : (
                    task.title
                  )}{' '}
                  <Text span size="xs" c="dimmed">
                    ({taskProgressWords(task)})
                  </Text>
                </List.Item>
              ))}
            </List>
          </div>
        )}
      </Stack>
    </Card>
  );
}
